import 'server-only';
import { readCookie, unauthorized } from '@/lib/http';
import { SESSION_COOKIE, userForSession } from './sessions';
import type { User } from './users';

/** In route handlers. */
export function userFrom(request: Request): Promise<User | undefined> {
  return userForSession(readCookie(request, SESSION_COOKIE));
}

/** In route handlers: the user or a 401. */
export async function requireUserFrom(request: Request): Promise<User> {
  const user = await userFrom(request);
  if (!user) throw unauthorized();
  return user;
}

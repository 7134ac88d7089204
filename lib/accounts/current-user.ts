import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { readCookie, unauthorized } from '@/lib/http';
import { SESSION_COOKIE, userForSession } from './sessions';
import type { User } from './users';

/** In server components and pages. */
export async function currentUser(): Promise<User | undefined> {
  return userForSession((await cookies()).get(SESSION_COOKIE)?.value);
}

/** Pages that need a customer send visitors to sign in and bring them back afterwards. */
export async function requireUser(returnTo: string): Promise<User> {
  const user = await currentUser();
  if (!user) redirect(`/signin?next=${encodeURIComponent(returnTo)}`);
  return user;
}

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

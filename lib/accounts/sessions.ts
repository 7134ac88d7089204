import 'server-only';
import type { Db } from '@/lib/db';
import { env } from '@/lib/env';
import { serverSecret } from '@/lib/secrets';
import { deleteSession, deleteUserSessions, findSessionUser, insertSession } from './repository';
import { mintSignedToken, verifySignedToken } from './signed-token';
import { activeUser, type User } from './users';

export const SESSION_COOKIE = 'imp_session';
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

const secret = () => serverSecret('session', env.SESSION_SECRET);

/** Starts a session; returns the cookie value to set. */
export async function startSession(userId: string): Promise<string> {
  const { cookieValue, tokenHash } = mintSignedToken(secret());
  await insertSession(tokenHash, userId, new Date(Date.now() + SESSION_TTL_SECONDS * 1000));
  return cookieValue;
}

/** The signed-in user for a cookie value, looked up on the server (a signature alone is not enough). */
export async function userForSession(cookieValue: string | undefined): Promise<User | undefined> {
  const tokenHash = verifySignedToken(cookieValue, secret());
  if (!tokenHash) return undefined;
  return activeUser(await findSessionUser(tokenHash, new Date()));
}

/** Ends every session of a user but the one of `keepCookie` (a password change ends the others). */
export async function endOtherSessions(userId: string, keepCookie: string | undefined, executor?: Db): Promise<void> {
  const keep = verifySignedToken(keepCookie, secret());
  await deleteUserSessions(userId, keep, executor);
}

export async function endSession(cookieValue: string | undefined): Promise<void> {
  const tokenHash = verifySignedToken(cookieValue, secret());
  if (!tokenHash) return;
  await deleteSession(tokenHash);
}

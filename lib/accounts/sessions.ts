import 'server-only';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { type Db, getDb, preparedStatement, sessions, users } from '@/lib/db';
import { env } from '@/lib/env';
import { serverSecret } from '@/lib/secrets';
import { mintSignedToken, verifySignedToken } from './signed-token';
import { activeUser, type User } from './users';

export const SESSION_COOKIE = 'imp_session';
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

const secret = () => serverSecret('session', env.SESSION_SECRET);

/** Starts a session; returns the cookie value to set. */
export async function startSession(userId: string): Promise<string> {
  const { cookieValue, tokenHash } = mintSignedToken(secret());
  const db = await getDb();
  await db.insert(sessions).values({ tokenHash, userId, expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000) });
  return cookieValue;
}

/** Every request of a signed-in page runs this one: built once (lib/db/prepared.ts). */
const sessionUser = preparedStatement((db) =>
  db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_user'),
);

/** The signed-in user for a cookie value, looked up on the server (a signature alone is not enough). */
export async function userForSession(cookieValue: string | undefined): Promise<User | undefined> {
  const tokenHash = verifySignedToken(cookieValue, secret());
  if (!tokenHash) return undefined;
  const [row] = await sessionUser(await getDb()).execute({ tokenHash, now: new Date().toISOString() });
  return activeUser(row?.user);
}

/** Ends every session of a user but the one of `keepCookie` (a password change ends the others). */
export async function endOtherSessions(userId: string, keepCookie: string | undefined, executor?: Db): Promise<void> {
  const keep = verifySignedToken(keepCookie, secret());
  const db = executor ?? (await getDb());
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ...(keep ? [ne(sessions.tokenHash, keep)] : [])));
}

export async function endSession(cookieValue: string | undefined): Promise<void> {
  const tokenHash = verifySignedToken(cookieValue, secret());
  if (!tokenHash) return;
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

import 'server-only';
import { createHmac } from 'node:crypto';
import { and, eq, gt, ne } from 'drizzle-orm';
import { mintSignedToken, verifySignedToken } from '@/lib/accounts';
import type { Operator } from '@/lib/audit';
import { type Db, getDb, operatorSessions, operators } from '@/lib/db';
import { env } from '@/lib/env';
import { serverSecret } from '@/lib/secrets';

/** Not the customers' `imp_session`, and signed with another key: one never opens the other's pages. */
export const OPS_SESSION_COOKIE = 'imp_ops_session';
/** A working day: staff sign in again each morning. */
export const OPS_SESSION_TTL_SECONDS = 12 * 60 * 60;

// A key of its own, derived from the session secret: a customer's cookie never verifies here.
const secret = () =>
  createHmac('sha256', serverSecret('session', env.SESSION_SECRET)).update('operators').digest('base64url');

export async function startOperatorSession(operatorId: string): Promise<string> {
  const { cookieValue, tokenHash } = mintSignedToken(secret());
  const db = await getDb();
  await db.insert(operatorSessions).values({
    tokenHash,
    operatorId,
    expiresAt: new Date(Date.now() + OPS_SESSION_TTL_SECONDS * 1000),
  });
  return cookieValue;
}

/** The operator of a cookie value, looked up on the server (a signature alone is not enough). */
export async function operatorForSession(cookieValue: string | undefined): Promise<Operator | undefined> {
  const tokenHash = verifySignedToken(cookieValue, secret());
  if (!tokenHash) return undefined;
  const db = await getDb();
  const [row] = await db
    .select({ operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, tokenHash), gt(operatorSessions.expiresAt, new Date())))
    .limit(1);
  return row?.operator;
}

export async function endOperatorSession(cookieValue: string | undefined): Promise<void> {
  const tokenHash = verifySignedToken(cookieValue, secret());
  if (!tokenHash) return;
  const db = await getDb();
  await db.delete(operatorSessions).where(eq(operatorSessions.tokenHash, tokenHash));
}

/** Ends every session of an operator but the one of `keepCookie` (a password change ends the others). */
export async function endOtherOperatorSessions(
  operatorId: string,
  keepCookie: string | undefined,
  executor: Pick<Db, 'delete'>,
): Promise<void> {
  const keep = verifySignedToken(keepCookie, secret());
  await executor
    .delete(operatorSessions)
    .where(and(eq(operatorSessions.operatorId, operatorId), ...(keep ? [ne(operatorSessions.tokenHash, keep)] : [])));
}

// Server tests of the operator console: operators signed in as the console signs them in (their
// own cookie), and the /api/ops routes called as its pages call them.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/connection';
import { auditLog, operators } from '@/lib/db/schema';
import type { OperatorRole } from '@/lib/ops/operator-roles';
import { addOperator, type Operator } from '@/lib/ops/operators';
import { OPS_SESSION_COOKIE, startOperatorSession } from '@/lib/ops/sessions';
import { pageRequest } from '@/test/factories';

export interface SignedInOperator {
  operator: Operator;
  cookie: string;
}

/** An operator of `role` past the first sign-in (password changed), with a console session. */
export async function signedInOperator(role: OperatorRole): Promise<SignedInOperator> {
  const { operator } = await addOperator(`${role}-${randomUUID().slice(0, 8)}@shop.example`, role);
  const db = await getDb();
  await db.update(operators).set({ mustChangePassword: false }).where(eq(operators.id, operator.id));
  const cookie = `${OPS_SESSION_COOKIE}=${encodeURIComponent(await startOperatorSession(operator.id))}`;
  return { operator: { ...operator, mustChangePassword: false }, cookie };
}

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Calls a console route handler as the console's pages would (same origin, the given cookie). */
export function callOps(
  handler: unknown,
  path: string,
  {
    method = 'GET',
    body,
    cookie,
    params = {},
  }: { method?: string; body?: unknown; cookie?: string; params?: Record<string, string> } = {},
): Promise<Response> {
  return (handler as Handler)(pageRequest(path, { method, body, cookie }), { params: Promise.resolve(params) });
}

export async function auditCount(): Promise<number> {
  const db = await getDb();
  return db.$count(auditLog);
}

export async function auditOf(targetId: string) {
  const db = await getDb();
  return db.query.auditLog.findMany({ where: eq(auditLog.targetId, targetId) });
}

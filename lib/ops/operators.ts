import 'server-only';
import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { hashPassword, normaliseEmail, verifyPassword } from '@/lib/accounts';
import { appendAudit, type Operator } from '@/lib/audit';
import { type Db, getDb, operators, violatedUniqueConstraint } from '@/lib/db';
import { AppError } from '@/lib/http';
import type { OperatorRole } from '@/lib/ops/operator-roles';
import { endOtherOperatorSessions } from './sessions';

export type { Operator };
/** What pages and the audit log may know of an operator. */
export type OperatorSummary = Pick<Operator, 'id' | 'email' | 'role' | 'mustChangePassword'>;

export class OperatorExistsError extends Error {
  override name = 'OperatorExistsError';
}

export const toOperatorSummary = ({ id, email, role, mustChangePassword }: Operator): OperatorSummary => ({
  id,
  email,
  role,
  mustChangePassword,
});

/** 20 random characters from an unambiguous alphabet: shown once, to be changed at first sign-in. */
export function oneTimePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  return [...randomBytes(20)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/** Adds an operator with a one-time password; answers both (the password is never stored in clear). */
export async function addOperator(
  email: string,
  role: OperatorRole,
  db: Pick<Db, 'insert'> | Promise<Db> = getDb(),
): Promise<{ operator: Operator; password: string }> {
  const password = oneTimePassword();
  try {
    const [operator] = await (await db)
      .insert(operators)
      .values({ email: normaliseEmail(email), role, passwordHash: await hashPassword(password) })
      .returning();
    if (!operator) throw new Error('insert returned no row');
    return { operator, password };
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'operators_email_unique') throw new OperatorExistsError(email);
    throw error;
  }
}

export async function listOperators(): Promise<OperatorSummary[]> {
  const db = await getDb();
  return (await db.query.operators.findMany({ orderBy: [asc(operators.email)] })).map(toOperatorSummary);
}

let decoyHash: Promise<string> | undefined;

/** The operator for these credentials; one answer for a wrong password and an unknown email, equally slow. */
export async function authenticateOperator(email: string, password: string): Promise<Operator> {
  const db = await getDb();
  const operator = await db.query.operators.findFirst({ where: eq(operators.email, normaliseEmail(email)) });
  decoyHash ??= hashPassword('decoy-password-for-timing');
  const ok = await verifyPassword(password, operator?.passwordHash ?? (await decoyHash));
  if (!operator || !ok) throw new AppError(401, 'invalid_credentials', '이메일 또는 비밀번호가 올바르지 않습니다.');
  return operator;
}

/**
 * Replaces the password (the one-time one at first sign-in); the old one must be given. Every other
 * session of the operator ends in the same transaction (another browser signed in with the same
 * password, perhaps someone else's); the one of `keepCookie` stays.
 */
export async function changeOperatorPassword(
  operator: Operator,
  current: string,
  next: string,
  keepCookie: string | undefined,
): Promise<Operator> {
  if (!(await verifyPassword(current, operator.passwordHash))) {
    throw new AppError(400, 'bad_request', '현재 비밀번호가 올바르지 않습니다.', {
      current: '현재 비밀번호가 올바르지 않습니다.',
    });
  }
  if (current === next) {
    throw new AppError(400, 'bad_request', '새 비밀번호는 지금 비밀번호와 달라야 합니다.', {
      next: '새 비밀번호는 지금 비밀번호와 달라야 합니다.',
    });
  }
  const passwordHash = await hashPassword(next);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(operators)
      .set({ passwordHash, mustChangePassword: false })
      .where(eq(operators.id, operator.id))
      .returning();
    if (!updated) throw new Error('operator is gone');
    await endOtherOperatorSessions(operator.id, keepCookie, tx);
    await appendAudit(tx, operator, {
      action: 'operator.password',
      targetType: 'operator',
      targetId: operator.id,
      result: operator.mustChangePassword ? 'one-time password replaced' : 'password changed',
    });
    return updated;
  });
}

/** An admin adds an operator from the console: the account and the audit row commit together. */
export async function addOperatorForOps(
  admin: Operator,
  email: string,
  role: OperatorRole,
): Promise<{ operator: OperatorSummary; password: string }> {
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const { operator, password } = await addOperator(email, role, tx);
      await appendAudit(tx, admin, {
        action: 'operator.add',
        targetType: 'operator',
        targetId: operator.id,
        note: operator.email,
        result: `added as ${role}`,
      });
      return { operator: toOperatorSummary(operator), password };
    });
  } catch (error) {
    if (error instanceof OperatorExistsError) throw new AppError(409, 'operator_exists', '이미 있는 운영자입니다.');
    throw error;
  }
}

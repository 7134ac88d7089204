import 'server-only';
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { auditLog, type Db, getDb, type operators } from '@/lib/db';

/** An operator of the console as the audit names them (lib/ops keeps the accounts). */
export type Operator = typeof operators.$inferSelect;

export type AuditEntry = typeof auditLog.$inferSelect;
type Executor = Pick<Db, 'insert'>;

export interface AuditAction {
  action: string;
  targetType: string;
  targetId: string;
  amount?: number | null;
  reason?: string | null;
  note?: string | null;
  result: string;
}

/**
 * The row of a promised refund that can never be made (the service refused it, or another came
 * first), in the words the console translates (lib/ops/audit-labels.ts).
 */
export const refundFailedAudit = (
  refund: { merchantUid: string; amount: number },
  row: { action: string; targetType: string },
  message: string,
): AuditAction => ({
  ...row,
  targetId: refund.merchantUid,
  amount: refund.amount,
  result: `not refunded: ${message}`,
});

/**
 * Appends one row for an operator's action. Call it with the transaction that makes the action's
 * effect, so the row and the effect commit together or not at all.
 */
export async function appendAudit(tx: Executor, operator: Pick<Operator, 'id' | 'email'>, entry: AuditAction) {
  await tx.insert(auditLog).values({ ...entry, operatorId: operator.id, operatorEmail: operator.email });
}

export interface AuditFilters {
  operator?: string;
  action?: string;
  target?: string;
  /** ISO dates (KST days), inclusive. */
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/** Newest first, one page, with the total count for the pager. */
export async function listAudit(filters: AuditFilters): Promise<{ rows: AuditEntry[]; total: number }> {
  const db = await getDb();
  const where: SQL[] = [];
  if (filters.operator) where.push(eq(auditLog.operatorEmail, filters.operator.trim().toLowerCase()));
  if (filters.action) where.push(eq(auditLog.action, filters.action));
  if (filters.target) where.push(eq(auditLog.targetId, filters.target.trim()));
  if (filters.from) where.push(gte(auditLog.at, kstDayStart(filters.from)));
  if (filters.to) where.push(lt(auditLog.at, kstDayStart(filters.to, 1)));
  const condition = where.length ? and(...where) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(desc(auditLog.at))
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize),
    db.$count(auditLog, condition),
  ]);
  return { rows, total };
}

/** Midnight in Korea of an ISO date, plus `days`. */
export function kstDayStart(isoDate: string, days = 0): Date {
  return new Date(Date.parse(`${isoDate}T00:00:00+09:00`) + days * 86_400_000);
}

import 'server-only';
import { desc, eq, sql } from 'drizzle-orm';
import type { Operator } from '@/lib/audit';
import { appendAudit } from '@/lib/audit';
import { getDb, reconciliationRuns } from '@/lib/db';
import { type Reconciliation, reconcile } from './reconcile';
import { failureLine } from './scheduled';

export type ReconciliationRun = typeof reconciliationRuns.$inferSelect;

/**
 * Runs reconciliation for an operator and keeps the run with its report. The run's row, its
 * result and the audit row commit together once it is over; a run that throws is kept as failed.
 */
export async function runReconciliation(operator: Operator): Promise<ReconciliationRun> {
  const db = await getDb();
  const [run] = await db.insert(reconciliationRuns).values({ startedBy: operator.email }).returning();
  if (!run) throw new Error('insert returned no row');
  let report: Reconciliation | undefined;
  let failure: string | undefined;
  try {
    report = await reconcile();
  } catch (error) {
    failure = failureLine(error);
  }
  return db.transaction(async (tx) => {
    const [finished] = await tx
      .update(reconciliationRuns)
      .set({
        finishedAt: new Date(),
        status: report ? 'done' : 'failed',
        report: report ?? null,
        error: failure ?? null,
      })
      .where(eq(reconciliationRuns.id, run.id))
      .returning();
    await appendAudit(tx, operator, {
      action: 'reconciliation.run',
      targetType: 'reconciliation_run',
      targetId: run.id,
      result: report ? summarise(report) : `failed: ${failure}`,
    });
    return finished ?? run;
  });
}

export const summarise = (r: Reconciliation) =>
  `refunds ${r.refunds.resolved} resolved, ${r.refunds.failed.length} failed; ` +
  `subscriptions ${r.subscriptions.checked} checked, ${r.subscriptions.applied} applied, ${r.subscriptions.refunded} refunded; ` +
  `orders ${r.orders.checked} checked, ${r.orders.settled} settled; payments ${r.payments.settled} settled, ${r.payments.refunded} refunded; ` +
  `cards ${r.cards.checked} checked, ${r.cards.deleted} keys deleted; ` +
  `${r.refunds.errors.length + r.subscriptions.errors.length + r.orders.errors.length + r.payments.errors.length + r.cards.errors.length} errors`;

/** What a run did, in one Korean line for the console (the audit log keeps `summarise`'s words). */
export const summaryKo = (r: Reconciliation) =>
  `환불 ${r.refunds.resolved}건 확인·${r.refunds.failed.length}건 실패; ` +
  `구독 ${r.subscriptions.checked}건 확인·${r.subscriptions.applied}건 반영·${r.subscriptions.refunded}건 환불; ` +
  `주문 ${r.orders.checked}건 확인·${r.orders.settled}건 정산; 결제 ${r.payments.settled}건 정산·${r.payments.refunded}건 환불; ` +
  `카드 ${r.cards.checked}건 확인·키 ${r.cards.deleted}개 삭제; ` +
  `오류 ${r.refunds.errors.length + r.subscriptions.errors.length + r.orders.errors.length + r.payments.errors.length + r.cards.errors.length}건`;

/** A run as the console shows it: with its report summarised in one line. */
export const withSummary = (run: ReconciliationRun) => ({
  ...run,
  summary: run.report ? summaryKo(run.report as Reconciliation) : null,
});

/** A page of runs, newest first, and the latest run (scheduled or an operator's) whatever the page. */
export async function listRuns(page: number, pageSize: number) {
  const db = await getDb();
  const [rows, total] = await Promise.all([
    db.query.reconciliationRuns.findMany({
      orderBy: [desc(reconciliationRuns.startedAt)],
      limit: pageSize,
      offset: (page - 1) * pageSize,
    }),
    db.$count(reconciliationRuns),
  ]);
  const latest =
    page === 1
      ? rows[0]
      : await db.query.reconciliationRuns.findFirst({ orderBy: [desc(reconciliationRuns.startedAt)] });
  return { rows: rows.map(withSummary), total, latest: latest ? withSummary(latest) : null };
}

/** Runs whose report names `merchantUid`, with the lines about it (newest first, at most 10). */
export async function runsNaming(merchantUid: string): Promise<{ runId: string; at: string; lines: string[] }[]> {
  const db = await getDb();
  const runs = await db.query.reconciliationRuns.findMany({
    where: sql`${reconciliationRuns.report}::text like ${`%${merchantUid.replace(/[\\%_]/g, '\\$&')}%`}`,
    orderBy: [desc(reconciliationRuns.startedAt)],
    limit: 10,
  });
  return runs.map((run) => ({
    runId: run.id,
    at: run.startedAt.toISOString(),
    lines: linesOf(run.report).filter((line) => line.includes(merchantUid)),
  }));
}

/** Every string in a report (found and error lines). */
function linesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(linesOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(linesOf);
  return [];
}

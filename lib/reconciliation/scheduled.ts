import 'server-only';
import { hostname } from 'node:os';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { type Db, getDb, reconciliationRuns } from '@/lib/db';
import { describeError } from '@/lib/describe-error';
import { IamportError } from '@/lib/iamport';
import { logFor } from '@/lib/log';
import { type Reconciliation, reconcile } from './reconcile';

const log = logFor('reconciliation');

// Any constant works; it only has to be the same for every worker.
const SCHEDULE_LOCK_KEY = 7_314_002;

/**
 * A run's lease: a run still `running` after this was left by a worker that died; it is marked
 * failed and no longer holds the others back. Far longer than any run takes (seconds to minutes).
 */
export const RUN_LEASE_MS = 30 * 60_000;

/** Who a scheduled run is by, in the console's list of runs (operators' runs carry their email). */
export const scheduledBy = () => `schedule (${hostname()}:${process.pid})`;
/** Who a run of `npm run reconcile` is by. */
export const commandBy = () => `command (${hostname()}:${process.pid})`;

/** Why a run failed, in one line: the service's own words when it was the service (no class name, no stack). */
export const failureLine = (error: unknown) =>
  error instanceof IamportError ? error.message : (describeError(error).split('\n')[0] ?? 'failed');

export type Claim = { claimed: true; runId: string } | { claimed: false; reason: 'running' | 'recent'; since: Date };

/**
 * Claims this period's reconciliation for one worker, or says why not: another run is in progress
 * (any worker's, an operator's or `npm run reconcile`'s), or one that did not fail started less
 * than half a period ago (so N workers make one run per period, not N; a failed run — the service
 * out of reach — holds nobody back, so a worker restarted with the right settings runs at once). The check and the claim's row commit together under a
 * transaction-level advisory lock, which is exclusive on PostgreSQL and on the embedded server
 * alike (a session-level one is not there); the lock lasts only this short transaction — the run
 * row, with its lease, is what holds the others off while the run lasts.
 */
export async function claimRun(db: Db, everyMs: number, by: string): Promise<Claim> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SCHEDULE_LOCK_KEY})`);
    await tx
      .update(reconciliationRuns)
      .set({ status: 'failed', finishedAt: sql`now()`, error: 'abandoned: its process stopped before it finished' })
      .where(
        and(
          eq(reconciliationRuns.status, 'running'),
          lt(reconciliationRuns.startedAt, sql`now() - make_interval(secs => ${RUN_LEASE_MS / 1000})`),
        ),
      );
    const [running] = await tx
      .select({ startedAt: reconciliationRuns.startedAt })
      .from(reconciliationRuns)
      .where(eq(reconciliationRuns.status, 'running'))
      .limit(1);
    if (running) return { claimed: false, reason: 'running', since: running.startedAt };
    const [recent] = await tx
      .select({ startedAt: reconciliationRuns.startedAt })
      .from(reconciliationRuns)
      .where(
        and(
          ne(reconciliationRuns.status, 'failed'),
          gt(reconciliationRuns.startedAt, sql`now() - make_interval(secs => ${everyMs / 2000})`),
        ),
      )
      .limit(1);
    if (recent) return { claimed: false, reason: 'recent', since: recent.startedAt };
    const [run] = await tx
      .insert(reconciliationRuns)
      // The moment of the claim, not the transaction's start (now()): it may have begun before the
      // previous run's finish committed and then waited on the lock.
      .values({ startedBy: by, startedAt: sql`clock_timestamp()` })
      .returning({ id: reconciliationRuns.id });
    if (!run) throw new Error('insert returned no row');
    return { claimed: true, runId: run.id };
  });
}

/**
 * `npm run reconcile`: a run recorded like the scheduled and the operators' ones (the console lists
 * it, and while it lasts it holds the schedule back); throws what reconcile threw, once recorded.
 */
export async function commandReconciliation(db?: Db): Promise<Reconciliation> {
  const into = db ?? (await getDb());
  const [run] = await into
    .insert(reconciliationRuns)
    .values({ startedBy: commandBy(), startedAt: sql`clock_timestamp()` })
    .returning({ id: reconciliationRuns.id });
  if (!run) throw new Error('insert returned no row');
  try {
    const report = await reconcile();
    await finishRun(into, run.id, { report });
    return report;
  } catch (error) {
    await finishRun(into, run.id, { failure: failureLine(error) });
    throw error;
  }
}

/** Records how a claimed run ended (its report, or why it failed). */
export async function finishRun(db: Db, runId: string, outcome: { report: Reconciliation } | { failure: string }) {
  await db
    .update(reconciliationRuns)
    .set({
      finishedAt: sql`now()`,
      status: 'report' in outcome ? 'done' : 'failed',
      report: 'report' in outcome ? outcome.report : null,
      error: 'failure' in outcome ? outcome.failure : null,
    })
    .where(eq(reconciliationRuns.id, runId));
}

const errorsOf = (r: Reconciliation) => [
  ...r.refunds.errors,
  ...r.orderRefunds.errors,
  ...r.subscriptions.errors,
  ...r.orders.errors,
  ...r.payments.errors,
  ...r.cashReceipts.errors,
  ...r.cards.errors,
];

/**
 * One tick of the schedule: claims the run or leaves it to whoever has it, runs reconciliation,
 * records and logs what it did. Never throws (the worker keeps its schedule through an outage).
 */
export async function scheduledReconciliation({
  everyMs,
  by = scheduledBy(),
  db,
  run = () => reconcile(),
}: {
  everyMs: number;
  by?: string;
  /** The database the claim goes through (default the app's). */
  db?: Db;
  run?: () => Promise<Reconciliation>;
}): Promise<'done' | 'failed' | 'skipped'> {
  let claim: Claim;
  try {
    claim = await claimRun(db ?? (await getDb()), everyMs, by);
  } catch (error) {
    log.error({ err: error }, 'reconciliation not started: the database refused the claim');
    return 'failed';
  }
  if (!claim.claimed) {
    const why = claim.reason === 'running' ? 'another run is in progress' : 'a run started recently';
    log.info({ since: claim.since.toISOString() }, `reconciliation skipped: ${why}`);
    return 'skipped';
  }
  const started = Date.now();
  log.info({ runId: claim.runId }, 'reconciliation started');
  let outcome: { report: Reconciliation } | { failure: string };
  try {
    outcome = { report: await run() };
  } catch (error) {
    outcome = { failure: failureLine(error) };
  }
  try {
    await finishRun(db ?? (await getDb()), claim.runId, outcome);
  } catch (error) {
    log.error({ runId: claim.runId, err: error }, 'reconciliation run not recorded; its lease will expire');
  }
  const ms = Date.now() - started;
  if ('failure' in outcome) {
    log.error({ runId: claim.runId, ms, reason: outcome.failure }, 'reconciliation failed');
    return 'failed';
  }
  const r = outcome.report;
  const errors = errorsOf(r);
  log.info(
    {
      runId: claim.runId,
      ms,
      refunds: { resolved: r.refunds.resolved, failed: r.refunds.failed.length },
      orderRefunds: { resolved: r.orderRefunds.resolved, failed: r.orderRefunds.failed.length },
      subscriptions: {
        checked: r.subscriptions.checked,
        applied: r.subscriptions.applied,
        refunded: r.subscriptions.refunded,
        booked: r.subscriptions.booked,
        ended: r.subscriptions.ended,
      },
      orders: { checked: r.orders.checked, settled: r.orders.settled },
      payments: { checked: r.payments.checked, settled: r.payments.settled, refunded: r.payments.refunded },
      cards: { checked: r.cards.checked, deleted: r.cards.deleted },
      prunedDeliveries: r.prunedDeliveries,
      errors: errors.length,
    },
    'reconciliation done',
  );
  for (const error of errors) log.warn({ runId: claim.runId, item: error }, 'reconciliation item not settled');
  return 'done';
}

import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPool, type DbHandle } from '@/lib/db/connection';
import { reconciliationRuns } from '@/lib/db/schema';
import { setupAppTest } from '@/test/app-harness';
import { listRuns } from './runs';
import { startReconcileSchedule } from './schedule-loop';
import { commandReconciliation, RUN_LEASE_MS, scheduledReconciliation } from './scheduled';

// Two workers, each with its own connections to the database (as two `npm run jobs` processes
// have), on the engine of the run: the embedded server, where session advisory locks are not
// exclusive across connections, and PostgreSQL.
const app = setupAppTest();
const workers: DbHandle[] = [];

beforeAll(async () => {
  const url = workerUrl();
  workers.push(await connectPool(url), await connectPool(url));
});
afterAll(async () => {
  for (const worker of workers) await worker.close();
});

function workerUrl(): string {
  // The test database's URL, as the app's pool reached it.
  const pool = (app.db() as unknown as { $client: { options: { connectionString: string } } }).$client;
  return pool.options.connectionString;
}

const runs = () => app.db().select().from(reconciliationRuns).orderBy(reconciliationRuns.startedAt);
const worker = (i: number) => {
  const handle = workers[i];
  if (!handle) throw new Error('workers not ready');
  return handle.db;
};

describe('scheduled reconciliation across workers', () => {
  it('lets exactly one of many simultaneous claims run', async () => {
    await app.db().delete(reconciliationRuns);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        scheduledReconciliation({ everyMs: 60_000, by: `worker ${i % 2}`, db: worker(i % 2) }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'done')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'skipped')).toHaveLength(7);
    const [only, ...others] = await runs();
    expect(others).toEqual([]);
    expect(only).toMatchObject({ status: 'done', error: null });
    expect(only?.finishedAt).not.toBeNull();
    expect(only?.report).toMatchObject({ orders: { checked: 0 }, payments: { errors: [] } });
  });

  it('two workers on a short schedule never overlap while a run is slow, and keep running it', async () => {
    await app.db().delete(reconciliationRuns);
    // Each run waits on the service's token answer: 800 ms, longer than a tick (500 ms).
    await app
      .emulator()
      .injectFault({ method: 'POST', path: '/users/getToken', action: 'delay', delay_ms: 800, count: 1000 });
    const ticks: string[] = [];
    const schedules = [0, 1].map((i) =>
      startReconcileSchedule({
        everyMs: 500,
        tick: () =>
          scheduledReconciliation({ everyMs: 1_000, by: `worker ${i}`, db: worker(i) }).then((o) => ticks.push(o)),
      }),
    );
    try {
      await expect
        .poll(async () => (await runs()).filter((run) => run.status === 'done').length, { timeout: 45_000 })
        .toBeGreaterThanOrEqual(3);
    } finally {
      await Promise.all(schedules.map((schedule) => schedule.stop()));
      await app.emulator().clearFaults();
    }
    const all = await runs();
    expect(all.every((run) => run.status === 'done')).toBe(true);
    for (const [i, run] of all.entries()) {
      const next = all[i + 1];
      if (next && run.finishedAt) expect(next.startedAt.getTime()).toBeGreaterThanOrEqual(run.finishedAt.getTime());
    }
    // The other worker came while a run was in progress and left it alone.
    expect(ticks).toContain('skipped');
  });

  it('a run left by a worker that died is given up after its lease, and the schedule goes on', async () => {
    await app.db().delete(reconciliationRuns);
    const [left] = await app
      .db()
      .insert(reconciliationRuns)
      .values({ startedBy: 'worker gone', startedAt: new Date(Date.now() - RUN_LEASE_MS - 60_000) })
      .returning();
    expect(await scheduledReconciliation({ everyMs: 60_000, by: 'worker 1', db: worker(1) })).toBe('done');
    const abandoned = await app
      .db()
      .query.reconciliationRuns.findFirst({ where: eq(reconciliationRuns.id, left?.id ?? '') });
    expect(abandoned).toMatchObject({ status: 'failed', error: expect.stringMatching(/^abandoned/) });
    const [latest] = await app
      .db()
      .select()
      .from(reconciliationRuns)
      .orderBy(desc(reconciliationRuns.startedAt))
      .limit(1);
    expect(latest).toMatchObject({ startedBy: 'worker 1', status: 'done' });
    // The console's list leads with it, whichever page it shows, with what it did in one line.
    for (const page of [1, 2]) {
      expect((await listRuns(page, 1)).latest).toMatchObject({
        id: latest?.id,
        summary: expect.stringMatching(/^환불 0건 확인·0건 실패; .* 오류 0건$/),
      });
    }
  });

  it('a run still within its lease holds the schedule off', async () => {
    await app.db().delete(reconciliationRuns);
    await app
      .db()
      .insert(reconciliationRuns)
      .values({ startedBy: 'worker busy', startedAt: new Date(Date.now() - 5 * 60_000) });
    expect(await scheduledReconciliation({ everyMs: 1_000, by: 'worker 0', db: worker(0) })).toBe('skipped');
    expect(await runs()).toHaveLength(1);
  });

  it('a run that failed (the service out of reach) holds nobody back: the next tick runs at once', async () => {
    await app.db().delete(reconciliationRuns);
    await app.emulator().injectFault({ method: 'POST', path: '/users/getToken', action: 'drop', count: 1000 });
    try {
      expect(await scheduledReconciliation({ everyMs: 600_000, by: 'worker 0', db: worker(0) })).toBe('failed');
    } finally {
      await app.emulator().clearFaults();
    }
    const [failed] = await runs();
    // The service's own words, with no class name or stack.
    expect(failed).toMatchObject({ status: 'failed', error: expect.stringMatching(/^POST \/users\/getToken: /) });
    expect(await scheduledReconciliation({ everyMs: 600_000, by: 'worker 1', db: worker(1) })).toBe('done');
  });

  it('`npm run reconcile` records its run for the console, and the schedule counts it', async () => {
    await app.db().delete(reconciliationRuns);
    const report = await commandReconciliation(worker(0));
    expect(report.orders.errors).toEqual([]);
    const { latest } = await listRuns(1, 10);
    expect(latest).toMatchObject({ startedBy: expect.stringMatching(/^command \(/), status: 'done' });
    expect(await scheduledReconciliation({ everyMs: 600_000, by: 'worker 1', db: worker(1) })).toBe('skipped');
  });
});

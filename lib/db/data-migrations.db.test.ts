// Migrations that repair data an older version left behind, tried on such data: a database built up
// to the migration before, rows written as that version wrote them, then migrated to the latest.
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { freshDatabase, migrateUpTo } from '@/test/fresh-database';
import { migrate } from './migrate';

const SUPERSEDED = '다른 환불이 먼저 이루어져 이 환불은 하지 않았습니다.';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function databaseAt(tag: string): Promise<pg.Pool> {
  const database = await freshDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  cleanups.push(async () => {
    await pool.end();
    await database.drop();
  });
  await migrateUpTo(pool, tag);
  return pool;
}

async function insertUser(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into users (email, certified_at) values ('old-${Math.random()}@example.com', 0) returning id`,
  );
  return rows[0]?.id ?? '';
}

it('0018: refunds claiming one cancel_history entry twice (the double-refund bug) migrate; the earliest keeps it', async () => {
  const pool = await databaseAt('0017_subscription_shipping');
  const user = await insertUser(pool);
  const refund = (name: string, impUid: string, entry: string, requestedAt: number) =>
    pool.query(
      `insert into refunds (id, imp_uid, merchant_uid, user_id, origin, amount, reason, checksum, known_entries, status, entry, requested_at, resolved_at)
       values ($1, $2, 'ren_' || $2, $3, 'cancel_now', 1000, 'test', 5000, '[]', 'made', $4, $5, $5)`,
      [name, impUid, user, entry, requestedAt],
    );
  const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
  await refund(id(2), 'imp_a', 'e1', 200);
  await refund(id(1), 'imp_a', 'e1', 100);
  await refund(id(3), 'imp_a', 'e1', 300);
  await refund(id(4), 'imp_a', 'e2', 400);
  await refund(id(5), 'imp_b', 'e1', 500);

  await migrate(pool);

  const { rows } = await pool.query('select id, status, entry, failure from refunds order by id');
  expect(rows).toEqual([
    { id: id(1), status: 'made', entry: 'e1', failure: null },
    { id: id(2), status: 'failed', entry: null, failure: SUPERSEDED },
    { id: id(3), status: 'failed', entry: null, failure: SUPERSEDED },
    { id: id(4), status: 'made', entry: 'e2', failure: null },
    { id: id(5), status: 'made', entry: 'e1', failure: null },
  ]);
  const audit = await pool.query('select action, target_id, amount, note, result from audit_log order by note');
  expect(audit.rows).toEqual([
    expect.objectContaining({ action: 'payment.refund_failed', target_id: 'ren_imp_a', amount: 1000 }),
    expect.objectContaining({ action: 'payment.refund_failed', target_id: 'ren_imp_a', amount: 1000 }),
  ]);
  expect(audit.rows.map((row) => row.note)).toEqual([
    `migration 0018: refund ${id(2)} claimed cancel_history entry e1 of imp_a, which refund ${id(1)} holds`,
    `migration 0018: refund ${id(3)} claimed cancel_history entry e1 of imp_a, which refund ${id(1)} holds`,
  ]);
  expect(audit.rows[0]?.result).toBe(`not refunded: ${SUPERSEDED}`);
  // The index holds from now on.
  await expect(refund(id(6), 'imp_a', 'e1', 600)).rejects.toMatchObject({ code: '23505' });
});

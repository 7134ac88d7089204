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

it('0020: a price consent given under the old rule is asked again, unless the new price was already charged', async () => {
  const pool = await databaseAt('0019_subscription_shipments');
  const user = await insertUser(pool);
  const [card] = (
    await pool.query<{ id: string }>(
      `insert into cards (user_id, customer_uid, status) values ($1, 'cus_old', 'active') returning id`,
      [user],
    )
  ).rows;
  const DAY = 86_400;
  const changeAt = 2_000_000_000;
  const [price] = (
    await pool.query<{ id: string }>(
      `insert into plan_prices (plan_id, version, amount, effective_from) values ('monthly-beans', 2, 24900, $1) returning id`,
      [changeAt],
    )
  ).rows;
  /** A subscription whose request is `status` (answered at `answeredAt`), its amount now and its charges. */
  const subscriptionWith = async (
    plan: string,
    amount: number,
    status: 'accepted' | 'declined',
    charges: { status: string; amount: number; periodStart: number }[],
  ) => {
    const { rows } = await pool.query<{ id: string }>(
      `insert into subscriptions (user_id, plan_id, plan_name, amount, card_id, status, current_period_start, current_period_end, idempotency_key)
       values ($1, $2, 'plan', $3, $4, 'active', $5, $6, $2) returning id`,
      [user, plan, amount, card?.id, changeAt - 30 * DAY, changeAt],
    );
    const id = rows[0]?.id ?? '';
    await pool.query(
      `insert into price_change_requests (subscription_id, plan_price_id, old_amount, new_amount, effective_from, status, requested_at, accepted_at)
       values ($1, $2, 19900, 24900, $3, $4, $5, $6)`,
      [id, price?.id, changeAt, status, changeAt - 40 * DAY, status === 'accepted' ? changeAt - 10 * DAY : null],
    );
    for (const [n, charge] of charges.entries()) {
      await pool.query(
        `insert into subscription_charges (subscription_id, merchant_uid, kind, period_start, period_end, schedule_at, amount, customer_uid, status)
         values ($1, $2, 'renewal', $3, $4, $3, $5, 'cus_old', $6)`,
        [id, `ren_${plan}_${n}`, charge.periodStart, charge.periodStart + 30 * DAY, charge.amount, charge.status],
      );
    }
    return id;
  };
  // Agreed at the announcement; the old gate applied the price and booked the renewal at it.
  const notYet = await subscriptionWith('p-not-yet', 24_900, 'accepted', [
    { status: 'paid', amount: 19_900, periodStart: changeAt - 30 * DAY },
    { status: 'scheduled', amount: 24_900, periodStart: changeAt },
  ]);
  // Agreed, and the new price charged already: the change has happened.
  const charged = await subscriptionWith('p-charged', 24_900, 'accepted', [
    { status: 'paid', amount: 24_900, periodStart: changeAt },
    { status: 'scheduled', amount: 24_900, periodStart: changeAt + 30 * DAY },
  ]);
  const declined = await subscriptionWith('p-declined', 19_900, 'declined', []);

  await migrate(pool);

  const state = async (id: string) => {
    const request = await pool.query(
      'select status, accepted_at from price_change_requests where subscription_id = $1',
      [id],
    );
    const subscription = await pool.query('select amount from subscriptions where id = $1', [id]);
    const charges = await pool.query(
      'select status, amount from subscription_charges where subscription_id = $1 order by period_start',
      [id],
    );
    return { request: request.rows[0], amount: subscription.rows[0]?.amount, charges: charges.rows };
  };
  expect(await state(notYet)).toEqual({
    request: { status: 'requested', accepted_at: null },
    amount: 19_900,
    charges: [
      { status: 'paid', amount: 19_900 },
      { status: 'to_book', amount: 24_900 },
    ],
  });
  expect(await state(charged)).toEqual({
    request: { status: 'accepted', accepted_at: String(changeAt - 10 * DAY) },
    amount: 24_900,
    charges: [
      { status: 'paid', amount: 24_900 },
      { status: 'scheduled', amount: 24_900 },
    ],
  });
  expect(await state(declined)).toMatchObject({ request: { status: 'declined', accepted_at: null }, amount: 19_900 });
});

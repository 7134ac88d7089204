// 0022: every table holding a payment, a billing key, a booking or an identity check says which
// PortOne API it was made on. Tried on data as the version before wrote it: a database built up to
// 0021, rows inserted, then migrated to the latest — each old row is V1's.
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { migrate } from '@/lib/db/migrate';
import { freshDatabase, migrateUpTo } from '@/test/fresh-database';

const TABLES = ['cards', 'orders', 'subscriptions', 'subscription_charges', 'refunds', 'identity_checks'];

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

const one = async (pool: pg.Pool, sql: string, values: unknown[] = []) => {
  const { rows } = await pool.query<{ id: string }>(sql, values);
  const id = rows[0]?.id;
  if (!id) throw new Error(`no row from ${sql}`);
  return id;
};

it('0022: rows written before V2 are V1 records; new rows default to V1; a V2 key is unique', async () => {
  const pool = await databaseAt('0021_pay_methods');
  const user = await one(pool, `insert into users (email, certified_at) values ('old@example.com', 0) returning id`);
  const card = await one(
    pool,
    `insert into cards (user_id, customer_uid, status) values ($1, 'cus_old', 'active') returning id`,
    [user],
  );
  await pool.query(
    `insert into orders (user_id, merchant_uid, product_id, product_name, amount, method, order_number)
     values ($1, 'ord_old', 'p1', '상품', 1000, 'billing_key', '260101-000001')`,
    [user],
  );
  const subscription = await one(
    pool,
    `insert into subscriptions (user_id, plan_id, plan_name, amount, card_id, idempotency_key)
     values ($1, 'plan', '월 구독', 9900, $2, 'k1') returning id`,
    [user, card],
  );
  await pool.query(
    `insert into subscription_charges (subscription_id, merchant_uid, kind, amount, customer_uid, status)
     values ($1, 'ren_old', 'renewal', 9900, 'cus_old', 'scheduled')`,
    [subscription],
  );
  await pool.query(
    `insert into refunds (imp_uid, merchant_uid, user_id, origin, amount, reason, checksum, known_entries, requested_at)
     values ('imp_old', 'ord_old', $1, 'operator', 500, 'test', 1000, '[]', 0)`,
    [user],
  );
  await pool.query(`insert into identity_checks (merchant_uid, browser_token_hash) values ('cert_old', 'hash')`);

  await migrate(pool);

  for (const table of TABLES) {
    const { rows } = await pool.query<{ api: string }>(`select api from ${table}`);
    expect({ table, apis: rows.map((row) => row.api) }).toEqual({ table, apis: ['v1'] });
  }
  const { rows: columns } = await pool.query<{ table_name: string; is_nullable: string; column_default: string }>(
    `select table_name, is_nullable, column_default from information_schema.columns
     where column_name = 'api' and table_schema = current_schema() order by table_name`,
  );
  expect(columns).toEqual(
    [...TABLES].sort().map((table) => ({ table_name: table, is_nullable: 'NO', column_default: "'v1'::text" })),
  );

  // A card on V2 keeps the key the service issued; no two cards hold one key.
  const v2Card = `insert into cards (user_id, customer_uid, status, api, billing_key) values ($1, $2, 'active', 'v2', 'billing-key-1')`;
  await pool.query(v2Card, [user, 'cus_new']);
  await expect(pool.query(v2Card, [user, 'cus_other'])).rejects.toThrow(/cards_billing_key_unique/);
  // A V2 booking keeps the service's schedule id beside our merchant_uid.
  await pool.query(
    `insert into subscription_charges (subscription_id, merchant_uid, kind, amount, customer_uid, status, api, schedule_id)
     values ($1, 'ren_new', 'retry', 9900, 'billing-key-1', 'paid', 'v2', 'schedule-1')`,
    [subscription],
  );
  const { rows: charges } = await pool.query(
    'select merchant_uid, api, schedule_id from subscription_charges order by merchant_uid',
  );
  expect(charges).toEqual([
    { merchant_uid: 'ren_new', api: 'v2', schedule_id: 'schedule-1' },
    { merchant_uid: 'ren_old', api: 'v1', schedule_id: null },
  ]);
});

// The floor of `npm run bench -- bff` (issue 35): the benchmark's three operations written as
// plainly as Node allows — node:http, the `pg` driver running the app's own statements (named, so
// prepared once per connection; unnamed on the embedded server, as the app's pool sends them), one
// keep-alive agent to the service — and none of Next, drizzle, zod or the app's logging. It answers
// the app's paths, so the benchmark drives it with the same requests (the same session cookies,
// against the same database and emulator) and divides the app's CPU per operation by this one's.
// What it leaves out is what the app adds: routing, validation, logs, security headers, error
// mapping, the ORM and the typed client. Never run in production; started by bench/bff.bench.ts.
//
// FLOOR_PORT, DATABASE_URL (either engine), IMP_API_URL, IMP_KEY, IMP_SECRET, SESSION_SECRET.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';

const PORT = Number(process.env.FLOOR_PORT);
const SERVICE = process.env.IMP_API_URL ?? 'http://127.0.0.1:4010';
const SESSION_SECRET = process.env.SESSION_SECRET ?? '';
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

// The app's statements as drizzle writes them (lib/accounts/sessions.ts, lib/cards/chargeable.ts,
// lib/orders/orders.ts, lib/orders/history.ts, lib/webhooks/receive.ts), the same columns returned.
const ORDER_COLUMNS = `"id", "user_id", "merchant_uid", "product_id", "product_name", "amount", "quantity", "shipping_fee", "shipping", "method", "card_id", "status", "idempotency_key", "imp_uid", "fail_reason", "receipt_url", "card_label", "barcode", "collect_by", "paid_at", "refunded_amount", "order_number", "fulfilment", "carrier", "tracking_number", "preparing_at", "shipped_at", "delivered_at", "cancelled_at", "return_status", "return_reason", "return_requested_at", "return_fee", "return_decline_reason", "return_decided_at", "created_at", "updated_at"`;
const SQL = {
  session: `select "users"."id", "users"."email", "users"."password_hash", "users"."name", "users"."birthday", "users"."gender", "users"."unique_key_hash", "users"."unique_in_site", "users"."certified_at", "users"."deleted_at", "users"."created_at" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where ("sessions"."token_hash" = $1 and "sessions"."expires_at" > $2) limit $3`,
  card: `select "id", "user_id", "customer_uid", "status", "registered_via", "card_name", "card_number_masked", "is_default", "registered_at", "removed_at", "created_at" from "cards" "cards" where ("cards"."user_id" = $1 and "cards"."status" = $2 and "cards"."is_default" = $3) limit $4`,
  insertOrder: `insert into "orders" ("id", "user_id", "merchant_uid", "product_id", "product_name", "amount", "quantity", "shipping_fee", "shipping", "method", "card_id", "status", "idempotency_key", "imp_uid", "fail_reason", "receipt_url", "card_label", "barcode", "collect_by", "paid_at", "refunded_amount", "order_number", "fulfilment", "carrier", "tracking_number", "preparing_at", "shipped_at", "delivered_at", "cancelled_at", "return_status", "return_reason", "return_requested_at", "return_fee", "return_decline_reason", "return_decided_at", "created_at", "updated_at") values (default, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, default, default, default, $13, default, default, default, default, $14, default, default, default, default, default, default, default, default, default, default, default, default, default, $15, $16) on conflict ("user_id","idempotency_key") do nothing returning ${ORDER_COLUMNS}`,
  settlePaid: `with "updated" as (update "orders" set "status" = $1, "imp_uid" = $2, "fail_reason" = $3, "receipt_url" = $4, "card_label" = $5, "paid_at" = $6, "updated_at" = $7 where ("orders"."id" = $8 and "orders"."status" in ($9, $10, $11)) returning ${ORDER_COLUMNS}), "mail0" as (insert into "mail_outbox" (kind, subject, occasion, user_id, payload, due_at)
        select $12, $13, $14, $15, $16::jsonb, $17
        from "updated"
        on conflict (kind, subject, occasion) do nothing) select ${ORDER_COLUMNS} from "updated"`,
  list: `select coalesce(json_agg(json_build_object(
          'id', o.id, 'merchantUid', o.merchant_uid, 'orderNumber', o.order_number, 'fulfilment', o.fulfilment, 'productId', o.product_id, 'productName', o.product_name,
          'amount', o.amount, 'quantity', o.quantity, 'shippingFee', o.shipping_fee, 'shipping', o.shipping,
          'method', o.method, 'status', case o.status when 'created' then 'pending' else o.status end,
          'cardLabel', o.card_label, 'failReason', o.fail_reason, 'receiptUrl', o.receipt_url,
          'refundedAmount', o.refunded_amount, 'returnStatus', o.return_status, 'paidAt', o.paid_at, 'barcode', o.barcode, 'collectBy', o.collect_by,
          'createdAt', to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        ) order by o.created_at desc), '[]')::text, coalesce(bool_or(o.status in ('pending', 'failed')), false) from (select ${ORDER_COLUMNS} from "orders" where ("orders"."user_id" = $1 and "orders"."status" <> $2) order by "orders"."created_at" desc limit $3) "o"`,
  notice: `
    insert into "webhook_deliveries" (content_type, body, hint, imp_uid, outcome, processed_at)
    select $1, $2, $3::jsonb, $4,
      'order ' || "orders"."status", $5::timestamptz
    from "orders"
    where "orders"."merchant_uid" = $6 and "orders"."imp_uid" = $7
      and "orders"."status" in ($8)
    returning outcome`,
};
type Statement = keyof typeof SQL;

let embedded = false;
async function query(name: Statement, values: unknown[]): Promise<Record<string, unknown>[]> {
  const { rows } = await pool.query(embedded ? { text: SQL[name], values } : { name, text: SQL[name], values });
  return rows;
}

/** The list's two unnamed columns, as drizzle reads them (rows as arrays). */
async function queryArray(name: Statement, values: unknown[]): Promise<unknown[][]> {
  const statement = { text: SQL[name], values, rowMode: 'array' as const };
  const { rows } = await pool.query(embedded ? statement : { ...statement, name });
  return rows;
}

const PRODUCTS = new Map([['drip-bag-20', { id: 'drip-bag-20', name: '드립백 20개입', price: 15_900 }]]);

class Refused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

function readBody(req: IncomingMessage, max = 64 * 1024): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) reject(new Refused(413, 'payload_too_large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const sign = (token: string) => createHmac('sha256', SESSION_SECRET).update(token).digest('base64url');

/** The signed-in user (lib/accounts/signed-token.ts, sessions.ts), or a 401. */
async function user(req: IncomingMessage): Promise<Record<string, unknown>> {
  const cookie = req.headers.cookie?.split(';').find((part) => part.trim().startsWith('imp_session='));
  const [token, signature] = decodeURIComponent(cookie?.trim().slice('imp_session='.length) ?? '').split('.');
  if (!token || !signature) throw new Refused(401, 'unauthenticated');
  const expected = Buffer.from(sign(token));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new Refused(401, 'unauthenticated');
  const tokenHash = createHash('sha256').update(token).digest('base64url');
  const [row] = await query('session', [tokenHash, new Date().toISOString(), 1]);
  if (!row || row.deleted_at !== null || row.password_hash === null) throw new Refused(401, 'unauthenticated');
  return row;
}

/** What the floor reads of the service's answers (no schema: the floor trusts the emulator). */
interface Envelope {
  code?: number;
  response?: {
    access_token?: string;
    imp_uid?: string;
    merchant_uid?: string;
    amount?: number;
    status?: string;
    paid_at?: number;
    receipt_url?: string;
  } | null;
}

let token: string | undefined;
function service(method: string, path: string, body: unknown): Promise<{ status: number; json: Envelope }> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const req = http.request(
      `${SERVICE}${path}`,
      {
        method,
        agent,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...(token && { authorization: `Bearer ${token}` }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope;
            resolve({ status: res.statusCode ?? 0, json });
          } catch (error) {
            reject(error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

async function renewToken() {
  token = undefined;
  const { json } = await service('POST', '/users/getToken', {
    imp_key: process.env.IMP_KEY ?? 'test_key',
    imp_secret: process.env.IMP_SECRET ?? 'test_secret',
  });
  token = json.response?.access_token;
}

async function buyNow(req: IncomingMessage, res: ServerResponse) {
  if (req.headers.origin !== `http://${req.headers.host}`) throw new Refused(403, 'cross_origin');
  const buyer = await user(req);
  const input = JSON.parse(await readBody(req));
  if (typeof input?.productId !== 'string' || typeof input.idempotencyKey !== 'string') {
    throw new Refused(400, 'bad_request');
  }
  const product = PRODUCTS.get(input.productId);
  if (!product) throw new Refused(400, 'unknown_product');
  const [card] = await query('card', [buyer.id, 'active', true, 1]);
  if (!card) throw new Refused(400, 'no_card');
  const day = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(2, 10).replaceAll('-', '');
  const now = new Date();
  const cardLabel = [card.card_name, card.card_number_masked].filter(Boolean).join(' ');
  const insert = () =>
    query('insertOrder', [
      buyer.id,
      `ord_${randomBytes(16).toString('base64url')}`,
      product.id,
      product.name,
      product.price,
      1,
      0,
      null,
      'billing_key',
      card.id,
      'pending',
      input.idempotencyKey,
      cardLabel,
      `${day}-${String(randomInt(1_000_000)).padStart(6, '0')}`,
      now,
      now,
    ]);
  let order: Record<string, unknown> | undefined;
  // Two orders drew one number the same day: draw again, as the app does (lib/orders/orders.ts).
  for (let draw = 1; ; draw++) {
    try {
      [order] = await insert();
      break;
    } catch (error) {
      if ((error as { constraint?: string }).constraint !== 'orders_order_number_unique' || draw >= 5) throw error;
    }
  }
  if (!order) throw new Refused(409, 'idempotency_key_reused');
  const charge = {
    merchant_uid: order.merchant_uid,
    customer_uid: card.customer_uid,
    amount: order.amount,
    name: order.product_name,
    buyer_name: buyer.name,
    buyer_email: buyer.email,
  };
  let answer = await service('POST', '/subscribe/payments/again', charge);
  if (answer.status === 401) {
    await renewToken();
    answer = await service('POST', '/subscribe/payments/again', charge);
  }
  const payment = answer.json.response;
  if (
    answer.json.code !== 0 ||
    !payment ||
    payment.status !== 'paid' ||
    payment.merchant_uid !== order.merchant_uid ||
    payment.amount !== order.amount
  ) {
    throw new Refused(502, 'not_paid');
  }
  const receipt = {
    title: order.product_name,
    orderNumber: order.order_number,
    productName: order.product_name,
    quantity: order.quantity,
    itemsAmount: (order.amount as number) - (order.shipping_fee as number),
    shippingFee: order.shipping_fee,
    amount: order.amount,
    paidAt: payment.paid_at,
    card: cardLabel,
    shipTo: null,
    receiptUrl: payment.receipt_url,
  };
  const [paid] = await query('settlePaid', [
    'paid',
    payment.imp_uid,
    null,
    payment.receipt_url,
    cardLabel,
    payment.paid_at,
    new Date(),
    order.id,
    'created',
    'pending',
    'awaiting',
    'receipt',
    order.id,
    'paid',
    order.user_id,
    JSON.stringify(receipt),
    payment.paid_at,
  ]);
  if (!paid) throw new Refused(409, 'settled_elsewhere');
  json(res, 201, {
    order: {
      id: paid.id,
      merchantUid: paid.merchant_uid,
      orderNumber: paid.order_number,
      fulfilment: paid.fulfilment,
      productId: paid.product_id,
      productName: paid.product_name,
      amount: paid.amount,
      quantity: paid.quantity,
      shippingFee: paid.shipping_fee,
      shipping: paid.shipping,
      method: paid.method,
      status: paid.status,
      cardLabel: paid.card_label,
      failReason: paid.fail_reason,
      receiptUrl: paid.receipt_url,
      refundedAmount: paid.refunded_amount,
      returnStatus: paid.return_status,
      paidAt: paid.paid_at,
      barcode: paid.barcode,
      collectBy: paid.collect_by,
      createdAt: (paid.created_at as Date).toISOString(),
    },
  });
}

async function list(req: IncomingMessage, res: ServerResponse) {
  const buyer = await user(req);
  const [row] = await queryArray('list', [buyer.id, 'created', 50]);
  const text = `{"orders":${row?.[0] ?? '[]'}}`;
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function notice(req: IncomingMessage, res: ServerResponse) {
  const body = await readBody(req, 8 * 1024);
  const hint = JSON.parse(body);
  if (typeof hint?.imp_uid !== 'string' || typeof hint.merchant_uid !== 'string' || hint.status !== 'paid') {
    throw new Refused(400, 'not_a_notice');
  }
  const fields = JSON.stringify({ imp_uid: hint.imp_uid, merchant_uid: hint.merchant_uid, status: hint.status });
  const [row] = await query('notice', [
    req.headers['content-type']?.slice(0, 100) ?? null,
    fields,
    fields,
    hint.imp_uid,
    new Date().toISOString(),
    hint.merchant_uid,
    hint.imp_uid,
    'paid',
  ]);
  // The floor knows only the common notice (its order already settled by the charge's answer).
  if (!row) throw new Refused(503, 'not_settled');
  json(res, 200, { received: true, outcome: row.outcome });
}

function json(res: ServerResponse, status: number, value: unknown) {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => Promise<void>> = {
  'POST /api/orders/buy-now': buyNow,
  'GET /api/orders': list,
  'POST /api/webhooks/iamport': notice,
  'GET /api/health': async (_req, res) => json(res, 200, { ok: true }),
};

const { rows } = await pool.query<{ version: string }>('select version()');
embedded = /PGlite/.test(rows[0]?.version ?? '');
await renewToken();
http
  .createServer((req, res) => {
    const handle = routes[`${req.method} ${req.url}`];
    if (!handle) return json(res, 404, { error: { code: 'not_found' } });
    handle(req, res).catch((error: unknown) => {
      const refused = error instanceof Refused ? error : undefined;
      if (!refused) console.error('floor:', error);
      json(res, refused?.status ?? 500, { error: { code: refused?.code ?? 'internal' } });
    });
  })
  .listen(PORT, '127.0.0.1');
const stop = () => pool.end().finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

// No 5xx on bad input, and nothing changed: every route of app/api that reads input gets, one field
// at a time, each hostile value of the field's kind (test/hostile-input/values.ts) — wrong types,
// NUL, text far over its limit, amounts past the integer columns, dates no calendar has or far
// outside the sane range, page numbers that overflow — on top of a valid request (real records
// where the route would act), signed in as the customer, an admin and with the operator token.
// Each answer must be a 4xx, and the database and the service must hold what they held before.
import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupAppTest } from '@/test/app-harness';
import { createTestCard, createTestUser, pageRequest } from '@/test/factories';
import { type Fixtures, noInput, type RouteSpec, routeSpecs } from '@/test/hostile-input/routes';
import { hostileBody, hostilePath, hostileQuery, hostileRawBodies } from '@/test/hostile-input/values';
import { Customer } from '@/test/kits/cards';
import { signedInOperator } from '@/test/kits/ops';
import { Shopper } from '@/test/kits/orders';
import { Subscriber } from '@/test/kits/subscriptions';

const app = setupAppTest();

/** Every table whose content a refused request must leave as it was (rate limits and the delivery log may count). */
const TABLES = [
  'users',
  'sessions',
  'identity_checks',
  'cards',
  'orders',
  'subscriptions',
  'subscription_charges',
  'refunds',
  'trial_uses',
  'mail_outbox',
  'password_resets',
  'consents',
  'plan_prices',
  'price_change_requests',
  'operators',
  'operator_sessions',
  'audit_log',
  'reconciliation_runs',
  'shipping_addresses',
  'subscription_shipments',
];

async function fingerprint(): Promise<Record<string, unknown>> {
  const result = (await app
    .db()
    .execute(
      sql.raw(
        TABLES.map(
          (table) =>
            `select '${table}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${table} t`,
        ).join(' union all '),
      ),
    )) as unknown as { rows: { name: string; hash: string }[] };
  const tables = Object.fromEntries(result.rows.map((row) => [row.name, row.hash]));
  // The service's counts of what it stores (its clock runs on, which changes nothing).
  const { now: _now, ...service } = await app.emulator().state();
  return { ...tables, ...service };
}

let fixtures: Fixtures;
let cookie = '';
const headers = { authorization: `Bearer ${process.env.OPERATOR_TOKEN}` };

beforeAll(async () => {
  const password = 'correct horse battery';
  const customer = await Customer.signIn(await createTestUser({ password }));
  await createTestCard(customer.user.id);
  const order = await Shopper.of(customer).buyNow('drip-bag-20');
  const subscription = await Subscriber.of(customer).subscribe('monthly-beans');
  const admin = await signedInOperator('admin');
  cookie = `${customer.cookie}; ${admin.cookie}`;
  const day = new Date(Date.now() + 60 * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 10);
  fixtures = {
    email: customer.user.email,
    password,
    orderUid: order.merchantUid,
    subscriptionId: subscription.id,
    farDay: day,
  };
});

type Call = { what: string; request: Request; params: Record<string, string> };

/** The hostile requests of one route: each field, each value of its kind; each path parameter; whole bodies. */
function* hostileCalls(spec: RouteSpec): Generator<Call> {
  const path = `/api/${spec.route}`;
  const params = spec.params ?? {};
  const send = (
    what: string,
    init: { query?: Record<string, string>; body?: unknown; params?: Record<string, string> },
  ) => {
    const search = init.query ? `?${new URLSearchParams(init.query)}` : '';
    return {
      what,
      params: init.params ?? params,
      request: pageRequest(`${path}${search}`, { method: spec.method, body: init.body, cookie, headers }),
    };
  };
  for (const [field, kind] of Object.entries(spec.body?.fields ?? {})) {
    for (const value of hostileBody[kind]) {
      yield send(`${field}=${JSON.stringify(value).slice(0, 40)}`, { body: { ...spec.body?.base, [field]: value } });
    }
  }
  for (const [field, kind] of Object.entries(spec.query?.fields ?? {})) {
    for (const value of hostileQuery[kind]) {
      yield send(`?${field}=${value.slice(0, 40)}`, { query: { ...spec.query?.base, [field]: value } });
    }
  }
  for (const name of Object.keys(params)) {
    for (const value of hostilePath) {
      yield send(`/${name}=${value.slice(0, 40)}`, { params: { ...params, [name]: value }, body: spec.body?.base });
    }
  }
  if (spec.body || spec.raw) {
    for (const raw of hostileRawBodies) yield send(`body ${raw.slice(0, 20)}`, { body: raw });
  }
  if (spec.raw) {
    for (const value of hostileBody.id) {
      const notice = { imp_uid: value, merchant_uid: value, status: 'paid' };
      yield send(`notice ${JSON.stringify(value).slice(0, 40)}`, { body: JSON.stringify(notice) });
    }
  }
}

describe('every route: hostile input is a 4xx and changes nothing', () => {
  it.each(routeSpecsLater())('$method /api/$route', async ({ index }) => {
    const spec = routeSpecs(fixtures)[index] as RouteSpec;
    const before = await fingerprint();
    const failures: string[] = [];
    for (const call of hostileCalls(spec)) {
      const response = await (spec.handler as (r: Request, c: object) => Promise<Response>)(call.request, {
        params: Promise.resolve(call.params),
      });
      // The webhook answers 200 to a notice it recorded and ignored (the service would retry anything else).
      const refused = spec.raw ? response.status < 500 : response.status >= 400 && response.status < 500;
      if (!refused) {
        failures.push(`${call.what} → ${response.status} ${(await response.text()).slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    const after = await fingerprint();
    expect(after).toEqual(before);
  });

  it('every route file that reads input has a row; the others say why they read none', () => {
    const specs = routeSpecs({ email: '', password: '', orderUid: '', subscriptionId: '', farDay: '' });
    const covered = new Set(specs.map((spec) => `${spec.method} ${spec.route}`));
    const files = readdirSync('app/api', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('route.ts'));
    for (const file of files) {
      const route = file.replace(/\/?route\.ts$/, '');
      const source = readFileSync(`app/api/${file}`, 'utf8');
      for (const [, method] of source.matchAll(/export (?:const|async function) (GET|POST|PUT|DELETE)\b/g)) {
        const name = `${method} ${route}`;
        expect(covered.has(name) || name in noInput, `${name} is neither in the table nor in noInput`).toBe(true);
      }
    }
  });
});

/** The table's rows by position (the fixtures exist only once beforeAll ran). */
function routeSpecsLater() {
  const specs = routeSpecs({ email: '', password: '', orderUid: '', subscriptionId: '', farDay: '' });
  return specs.map((spec, index) => ({ index, route: spec.route, method: spec.method }));
}

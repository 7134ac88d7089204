// Every /api/ops route × every role, a customer's session and no session: each role can do
// exactly its actions (the role is checked on the server before anything else), a customer's
// cookie opens nothing, and a refused call leaves no audit row.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasRole, OPERATOR_ROLES, type OperatorRole } from '@/lib/ops/operator-roles';
import { setupAppTest } from '@/test/app-harness';
import { Customer } from '@/test/kits/cards';
import { auditCount, callOps, type SignedInOperator, signedInOperator } from '@/test/kits/ops';
import * as audit from './audit/route';
import * as deposits from './deposits/route';
import * as operatorsRoute from './operators/route';
import * as fulfilment from './orders/[orderNumber]/fulfilment/route';
import * as orderReturn from './orders/[orderNumber]/return/route';
import * as opsOrders from './orders/route';
import * as owedRefund from './owed-refunds/[id]/route';
import * as owedRefunds from './owed-refunds/route';
import * as refunds from './payments/[merchantUid]/refunds/route';
import * as payment from './payments/[merchantUid]/route';
import * as payments from './payments/route';
import * as reconciliations from './reconciliations/route';
import * as shipmentStep from './shipments/[number]/fulfilment/route';
import * as shipments from './shipments/route';
import * as cancel from './subscriptions/[id]/cancel/route';
import * as cancelNow from './subscriptions/[id]/cancel-now/route';
import * as rebook from './subscriptions/[id]/rebook/route';
import * as retry from './subscriptions/[id]/retry/route';
import * as subscription from './subscriptions/[id]/route';
import * as subscriptions from './subscriptions/route';
import * as process from './webhooks/[id]/process/route';
import * as webhooks from './webhooks/route';

setupAppTest();

const ghostOrder = 'ord_AAAAAAAAAAAAAAAAAAAAAA';
const ghostId = '00000000-0000-4000-8000-00000000dead';
const ghostNumber = '000101-000000';
const ghostBox = 'S000101-000000-1';

interface RouteCase {
  name: string;
  handler: unknown;
  method: string;
  path: string;
  params?: Record<string, string>;
  body?: unknown;
  needs: OperatorRole;
}

/** Every route under /api/ops that needs an operator (session and password have their own test). */
const routes: RouteCase[] = [
  { name: 'search payments', handler: payments.GET, method: 'GET', path: '/api/ops/payments', needs: 'viewer' },
  {
    name: 'payment detail',
    handler: payment.GET,
    method: 'GET',
    path: `/api/ops/payments/${ghostOrder}`,
    params: { merchantUid: ghostOrder },
    needs: 'viewer',
  },
  {
    name: 'refund',
    handler: refunds.POST,
    method: 'POST',
    path: `/api/ops/payments/${ghostOrder}/refunds`,
    params: { merchantUid: ghostOrder },
    body: { amount: 1000, refundable: 1000, reason: 'customer_request', note: '' },
    needs: 'refunder',
  },
  {
    name: 'list subscriptions',
    handler: subscriptions.GET,
    method: 'GET',
    path: '/api/ops/subscriptions',
    needs: 'viewer',
  },
  {
    name: 'subscription detail',
    handler: subscription.GET,
    method: 'GET',
    path: `/api/ops/subscriptions/${ghostId}`,
    params: { id: ghostId },
    needs: 'viewer',
  },
  // The console's actions on a subscription: one route factory (lib/routes/subscription-action-route.ts).
  ...(
    [
      ['cancel subscription', 'cancel', cancel.POST],
      ['cancel subscription now', 'cancel-now', cancelNow.POST],
      ['retry renewal now', 'retry', retry.POST],
      ['re-book', 'rebook', rebook.POST],
    ] as const
  ).map(
    ([name, action, handler]): RouteCase => ({
      name,
      handler,
      method: 'POST',
      path: `/api/ops/subscriptions/${ghostId}/${action}`,
      params: { id: ghostId },
      body: {},
      needs: 'admin',
    }),
  ),
  { name: 'list webhooks', handler: webhooks.GET, method: 'GET', path: '/api/ops/webhooks', needs: 'viewer' },
  {
    name: 'process a webhook again',
    handler: process.POST,
    method: 'POST',
    path: `/api/ops/webhooks/${ghostId}/process`,
    params: { id: ghostId },
    needs: 'refunder',
  },
  {
    name: 'list reconciliation runs',
    handler: reconciliations.GET,
    method: 'GET',
    path: '/api/ops/reconciliations',
    needs: 'viewer',
  },
  {
    name: 'run reconciliation',
    handler: reconciliations.POST,
    method: 'POST',
    path: '/api/ops/reconciliations',
    needs: 'refunder',
  },
  { name: 'fulfilment queue', handler: opsOrders.GET, method: 'GET', path: '/api/ops/orders', needs: 'viewer' },
  {
    name: 'advance fulfilment',
    handler: fulfilment.POST,
    method: 'POST',
    path: `/api/ops/orders/${ghostNumber}/fulfilment`,
    params: { orderNumber: ghostNumber },
    body: { action: 'prepare' },
    needs: 'refunder',
  },
  {
    name: 'decide a return',
    handler: orderReturn.POST,
    method: 'POST',
    path: `/api/ops/orders/${ghostNumber}/return`,
    params: { orderNumber: ghostNumber },
    body: { decision: 'decline', reason: '상품이 사용되었습니다' },
    needs: 'refunder',
  },
  { name: '입금 대기 queue', handler: deposits.GET, method: 'GET', path: '/api/ops/deposits', needs: 'viewer' },
  { name: '돌려줄 돈', handler: owedRefunds.GET, method: 'GET', path: '/api/ops/owed-refunds', needs: 'viewer' },
  {
    name: 'refund money owed',
    handler: owedRefund.POST,
    method: 'POST',
    path: `/api/ops/owed-refunds/${ghostId}`,
    params: { id: ghostId },
    body: {},
    needs: 'refunder',
  },
  { name: 'subscription boxes', handler: shipments.GET, method: 'GET', path: '/api/ops/shipments', needs: 'viewer' },
  {
    name: 'a step of a subscription box',
    handler: shipmentStep.POST,
    method: 'POST',
    path: `/api/ops/shipments/${ghostBox}/fulfilment`,
    params: { number: ghostBox },
    body: { action: 'prepare' },
    needs: 'refunder',
  },
  { name: 'audit log', handler: audit.GET, method: 'GET', path: '/api/ops/audit', needs: 'viewer' },
  { name: 'list operators', handler: operatorsRoute.GET, method: 'GET', path: '/api/ops/operators', needs: 'admin' },
  {
    name: 'add an operator',
    handler: operatorsRoute.POST,
    method: 'POST',
    path: '/api/ops/operators',
    body: { email: `new-${randomUUID().slice(0, 6)}@shop.example`, role: 'viewer' },
    needs: 'admin',
  },
];

const signedIn = {} as Record<OperatorRole, SignedInOperator>;
let customerCookie = '';

beforeAll(async () => {
  for (const role of OPERATOR_ROLES) signedIn[role] = await signedInOperator(role);
  customerCookie = (await Customer.signUp()).cookie;
});

describe.each(routes)('$method $path ($name)', (route) => {
  const call = (cookie?: string) =>
    callOps(route.handler, route.path, { method: route.method, body: route.body, cookie, params: route.params });

  it('no session → 401, a customer session → 401, neither leaves an audit row', async () => {
    const before = await auditCount();
    for (const cookie of [undefined, customerCookie]) {
      const response = await call(cookie);
      expect(response.status).toBe(401);
      expect((await response.json()).error.code).toBe('unauthenticated');
    }
    expect(await auditCount()).toBe(before);
  });

  it.each(OPERATOR_ROLES)(`%s: allowed exactly when the role reaches ${route.needs}`, async (role) => {
    const before = await auditCount();
    const response = await call(signedIn[role].cookie);
    if (hasRole(role, route.needs)) {
      expect([401, 403]).not.toContain(response.status);
      expect(response.status).toBeLessThan(500);
    } else {
      expect(response.status).toBe(403);
      expect((await response.json()).error.code).toBe('forbidden');
      expect(await auditCount()).toBe(before);
    }
  });
});

it('every route file under app/api/ops is in the table', async () => {
  const { readdirSync } = await import('node:fs');
  const files = readdirSync('app/api/ops', { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('route.ts') && !/^(session|password)\//.test(f))
    .map((f) => `app/api/ops/${f}`);
  const covered = new Set(
    routes.map((r) =>
      r.path
        .replace(ghostOrder, '[merchantUid]')
        .replace(ghostId, '[id]')
        // The box's number holds the order's ghost: replaced first.
        .replace(ghostBox, '[number]')
        .replace(ghostNumber, '[orderNumber]'),
    ),
  );
  for (const file of files) {
    const path = `/${file.replace(/^app\//, '').replace(/\/route\.ts$/, '')}`;
    expect(covered, `${path} has no row in the table`).toContain(path);
  }
});

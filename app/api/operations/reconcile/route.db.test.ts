// The operators' reconciliation route: only with the operator token (set for tests in
// vitest.config.ts); what reconciliation repairs is tested in lib/subscriptions/*.db.test.ts.
import { describe, expect, it } from 'vitest';
import { setupAppTest } from '@/test/app-harness';
import { POST } from './route';

setupAppTest();

const call = (authorization?: string) =>
  POST(
    new Request('http://localhost:3000/api/operations/reconcile', {
      method: 'POST',
      headers: authorization ? { authorization } : {},
    }),
    {},
  );

describe('POST /api/operations/reconcile', () => {
  it('runs reconciliation for an operator and answers its report', async () => {
    const response = await call(`Bearer ${process.env.OPERATOR_TOKEN}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      refunds: { resolved: 0, failed: [], errors: [] },
      orderRefunds: { resolved: 0, failed: [], errors: [] },
      subscriptions: { checked: 0, applied: 0, refunded: 0, booked: 0, ended: 0, errors: [] },
      orders: { checked: 0, settled: 0, errors: [] },
      payments: { checked: 0, settled: 0, refunded: 0, found: [], errors: [] },
      cashReceipts: { checked: 0, issued: 0, cancelled: 0, errors: [] },
      cards: { checked: 0, deleted: 0, errors: [] },
      prunedDeliveries: 0,
    });
  });

  it.each([
    ['no token', undefined],
    ['a wrong token', 'Bearer not-the-operator-token'],
    ['the token without Bearer but wrong', 'operator'],
  ])('%s → 401', async (_, authorization) => {
    const response = await call(authorization);
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('unauthenticated');
  });
});

import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { POST as webhookRoute } from '@/app/api/webhooks/iamport/route';
import { webhookDeliveries } from '@/lib/db/schema';
import { env } from '@/lib/env';
import type { Payment } from '@/lib/iamport';
import { mintServiceId } from '@/lib/payments/ids';
import { settlement } from '@/lib/payments/settlement';
import { paymentHandlers } from '@/lib/webhooks/handlers';
import { DELIVERY_RETENTION_MS, pruneDeliveries } from '@/lib/webhooks/receive';
import { deliverWebhook } from '@/test/app-bridge';
import { setupAppTest } from '@/test/app-harness';
import { cardFields } from '@/test/emulator/kit';

const app = setupAppTest();

async function paidPayment(merchant_uid = mintServiceId('ord')) {
  const result = await app.client().charges.onetime({ merchant_uid, amount: 1000, name: '테스트', ...cardFields() });
  if (result.outcome !== 'paid') throw new Error('test payment not paid');
  return result.payment;
}

// The handler registry is the app's own seam; a recording handler stands in for a feature here,
// and the app's own is put back after each test (a process may run other files after this one).
const seen: Payment[] = [];
const ordersHandler = paymentHandlers.ord;
afterEach(() => {
  paymentHandlers.ord = ordersHandler;
  seen.length = 0;
});

describe('POST /api/webhooks/iamport', () => {
  it('re-reads the payment and hands the service record to the owner of its merchant_uid', async () => {
    paymentHandlers.ord = async (payment) => {
      seen.push(payment);
      return settlement('applied', 'order paid');
    };
    const payment = await paidPayment();
    // The notice lies about the status; the handler gets what the service says.
    const response = await deliverWebhook(
      `imp_uid=${payment.imp_uid}&merchant_uid=${payment.merchant_uid}&status=failed`,
      'application/x-www-form-urlencoded',
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: 'order paid' });
    expect(seen.map((p) => [p.imp_uid, p.status])).toEqual([[payment.imp_uid, 'paid']]);
    const [row] = await app.db().select().from(webhookDeliveries).where(eq(webhookDeliveries.impUid, payment.imp_uid));
    expect(row).toMatchObject({ outcome: 'order paid', hint: { status: 'failed' } });
    // Only the parsed identifiers are kept, never the raw body.
    expect(JSON.parse(row?.body ?? '')).toEqual({
      imp_uid: payment.imp_uid,
      merchant_uid: payment.merchant_uid,
      status: 'failed',
    });
  });

  it.each([
    ['not a notice', '{"hello":"world"}'],
    ['not JSON', '{oops'],
    // Scenario 7: a NUL byte once gave a 500 after the row was inserted.
    ['a NUL byte', '{"imp_uid":"imp_1\u0000","merchant_uid":"ord_x","status":"paid"}'],
    // Issue 32: so did a lone surrogate, which the jsonb column refuses.
    ['a lone surrogate', '{"imp_uid":"imp_1\\ud800","merchant_uid":"ord_x","status":"paid"}'],
  ])('%s: 400 at once, nothing recorded, nothing asked of the service', async (_, body) => {
    paymentHandlers.ord = async (payment) => {
      seen.push(payment);
      return settlement('applied', 'acted');
    };
    const before = await app.db().$count(webhookDeliveries);
    const response = await deliverWebhook(body);
    expect(response.status).toBe(400);
    // The one error shape of every route (the service reads only the status).
    const { error } = await response.json();
    expect(error).toMatchObject({
      code: 'not_a_notice',
      message: expect.stringMatching(/^결제 알림으로 읽을 수 없습니다 \(not a payment notice/),
      requestId: expect.any(String),
    });
    expect(seen).toEqual([]);
    expect(await app.db().$count(webhookDeliveries)).toBe(before);
  });

  it('a forged imp_uid is recorded once and acts on nothing', async () => {
    const body = '{"imp_uid":"imp_000000000000","merchant_uid":"ord_x","status":"paid"}';
    const response = await deliverWebhook(body);
    expect(response.status).toBe(200);
    expect((await response.json()).outcome).toBe('ignored: the service has no such payment');
    expect(
      await app.db().select().from(webhookDeliveries).where(eq(webhookDeliveries.impUid, 'imp_000000000000')),
    ).toHaveLength(1);
  });

  it('a payment nobody owns (a merchant_uid this app did not mint) is recorded and ignored', async () => {
    const payment = await paidPayment(`elsewhere-${Date.now()}`);
    const response = await deliverWebhook(
      JSON.stringify({ imp_uid: payment.imp_uid, merchant_uid: payment.merchant_uid, status: 'paid' }),
    );
    expect((await response.json()).outcome).toMatch(/^ignored: no handler/);
  });
});

describe('scenario 7: webhook route input', () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    webhookRoute(
      new Request('http://localhost:3000/api/webhooks/iamport', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', ...headers },
      }),
      {},
    );

  it('a body over the cap is refused with 413 before it is read whole, and nothing is recorded', async () => {
    const before = await app.db().$count(webhookDeliveries);
    const response = await post(
      JSON.stringify({ imp_uid: 'imp_1', merchant_uid: 'ord_x', status: 'paid', pad: 'x'.repeat(20_000) }),
    );
    expect(response.status).toBe(413);
    expect(await app.db().$count(webhookDeliveries)).toBe(before);
  });

  it('with WEBHOOK_ALLOWED_IPS set, another source address is refused before any work', async () => {
    const saved = env.WEBHOOK_ALLOWED_IPS;
    env.WEBHOOK_ALLOWED_IPS = ['52.78.100.19'];
    try {
      const body = '{"imp_uid":"imp_000000000001","merchant_uid":"ord_x","status":"paid"}';
      expect((await post(body, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(403);
      expect((await post(body, { 'x-forwarded-for': '203.0.113.9, 52.78.100.19' })).status).toBe(200);
    } finally {
      env.WEBHOOK_ALLOWED_IPS = saved;
    }
  });

  it('a settlement that cannot complete answers 503 (the service retries) and is recorded as an error', async () => {
    paymentHandlers.ord = async () => {
      throw new Error('database unavailable');
    };
    const payment = await paidPayment();
    const response = await deliverWebhook(
      JSON.stringify({ imp_uid: payment.imp_uid, merchant_uid: payment.merchant_uid, status: 'paid' }),
    );
    expect(response.status).toBe(503);
    expect((await response.json()).error).toMatchObject({
      code: 'not_settled',
      message: expect.stringContaining('(error: the handler failed)'),
      requestId: expect.any(String),
    });

    await app.emulator().injectFault({ method: 'GET', path: '/payments/*', action: '503', count: 3 });
    const unreachable = await deliverWebhook(
      JSON.stringify({ imp_uid: payment.imp_uid, merchant_uid: payment.merchant_uid, status: 'paid' }),
    );
    await app.emulator().clearFaults();
    expect(unreachable.status).toBe(503);
  });

  it('deliveries are kept for a bounded time', async () => {
    const [old] = await app
      .db()
      .insert(webhookDeliveries)
      .values({ body: '{}', receivedAt: new Date(Date.now() - DELIVERY_RETENTION_MS - 60_000) })
      .returning();
    const [fresh] = await app.db().insert(webhookDeliveries).values({ body: '{}' }).returning();
    expect(await pruneDeliveries()).toBeGreaterThanOrEqual(1);
    const left = (await app.db().select().from(webhookDeliveries)).map((row) => row.id);
    expect(left).not.toContain(old?.id);
    expect(left).toContain(fresh?.id);
  });
});

import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { cardFields } from '@/emulator/testing';
import { webhookDeliveries } from '@/lib/db/schema';
import type { Payment } from '@/lib/iamport';
import { mintServiceId } from '@/lib/payments/ids';
import { deliverWebhook } from '@/test/app-bridge';
import { setupAppTest } from '@/test/app-harness';
import { paymentHandlers } from './handlers';

const app = setupAppTest();

async function paidPayment(merchant_uid = mintServiceId('ord')) {
  const result = await app.client().charges.onetime({ merchant_uid, amount: 1000, name: '테스트', ...cardFields() });
  if (result.outcome !== 'paid') throw new Error('test payment not paid');
  return result.payment;
}

// The handler registry is the app's own seam; a recording handler stands in for a feature here.
const seen: Payment[] = [];
afterEach(() => {
  delete paymentHandlers.ord;
  seen.length = 0;
});

describe('POST /api/webhooks/iamport', () => {
  it('re-reads the payment and hands the service record to the owner of its merchant_uid', async () => {
    paymentHandlers.ord = async (payment) => {
      seen.push(payment);
      return 'order paid';
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
  });

  it.each([
    ['not a notice', '{"hello":"world"}', /^ignored: not a payment notice/],
    ['not JSON', '{oops', /^ignored: not a payment notice/],
    [
      'a forged imp_uid',
      '{"imp_uid":"imp_000000000000","merchant_uid":"ord_x","status":"paid"}',
      /^ignored: the service has no such payment/,
    ],
  ])('records %s, answers 200 and acts on nothing', async (_, body, outcome) => {
    paymentHandlers.ord = async (payment) => {
      seen.push(payment);
      return 'acted';
    };
    const response = await deliverWebhook(body);
    expect(response.status).toBe(200);
    expect((await response.json()).outcome).toMatch(outcome);
    expect(seen).toEqual([]);
    const rows = await app.db().select().from(webhookDeliveries).where(eq(webhookDeliveries.body, body));
    expect(rows).toHaveLength(1);
  });

  it('a payment nobody owns (a merchant_uid this app did not mint) is recorded and ignored', async () => {
    const payment = await paidPayment(`elsewhere-${Date.now()}`);
    const response = await deliverWebhook(
      JSON.stringify({ imp_uid: payment.imp_uid, merchant_uid: payment.merchant_uid, status: 'paid' }),
    );
    expect((await response.json()).outcome).toMatch(/^ignored: no handler/);
  });
});

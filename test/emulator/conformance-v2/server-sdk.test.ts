// PortOne's own server SDK (@portone/server-sdk 0.19.0), unchanged, pointed at the emulator's V2
// listener: payments, billing keys, schedules, cancels; and its Webhook.verify accepts what the
// emulator sent. The clock runs in real time here: Webhook.verify checks the timestamp against
// the machine's clock (5 minutes' tolerance).
import { PortOneClient, Webhook } from '@portone/server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMerchant } from '@/emulator/merchants';
import { type RunningEmulator, startEmulator } from '@/emulator/server';
import { startWebhookReceiver, type WebhookReceiver } from '../kit';
import { CARD_CHANNEL, card, SECRET, STORE_ID } from './harness';

const WEBHOOK_SECRET = `whsec_${Buffer.from('test_v2_webhook_secret_0000').toString('base64')}`;

describe('@portone/server-sdk against the emulator', () => {
  let emulator: RunningEmulator;
  let receiver: WebhookReceiver;
  let client: PortOneClient;

  beforeAll(async () => {
    receiver = await startWebhookReceiver('/api/webhooks/portone');
    emulator = await startEmulator({ port: 0, dataDir: ':memory:', merchants: [defaultMerchant(receiver.url)] });
    client = PortOneClient({ secret: SECRET, baseUrl: emulator.v2Url, storeId: STORE_ID });
  });
  afterAll(async () => {
    await emulator?.close();
    await receiver?.close();
  });

  it('issues a key, pays with it, reads, lists, cancels, deletes the key', async () => {
    const issued = await client.payment.billingKey.issueBillingKey({
      channelKey: CARD_CHANNEL,
      method: { card: { credential: card() } },
      customer: { id: 'member-1' },
    });
    const billingKey = issued.billingKeyInfo.billingKey;
    const key = await client.payment.billingKey.getBillingKeyInfo({ billingKey });
    expect(key.status).toBe('ISSUED');

    const paymentId = `sdk-${Date.now()}`;
    const paid = await client.payment.payWithBillingKey({
      paymentId,
      billingKey,
      orderName: '월간 구독',
      amount: { total: 12_000 },
      currency: 'KRW',
    });
    expect(paid.payment.pgTxId).toBeTruthy();
    const payment = await client.payment.getPayment({ paymentId });
    expect(payment.status).toBe('PAID');
    if (payment.status === 'PAID') expect(payment.amount.total).toBe(12_000);

    const list = await client.payment.getPayments({ filter: { status: ['PAID'] } });
    expect(list.items.map((p) => ('id' in p ? p.id : ''))).toContain(paymentId);

    const cancel = await client.payment.cancelPayment({ paymentId, amount: 2000, reason: '부분 환불' });
    expect(cancel.cancellation.status).toBe('SUCCEEDED');
    expect((await client.payment.getPayment({ paymentId })).status).toBe('PARTIAL_CANCELLED');

    await client.payment.billingKey.deleteBillingKey({ billingKey });
    expect((await client.payment.billingKey.getBillingKeyInfo({ billingKey })).status).toBe('DELETED');
  });

  it('schedules a payment, lists and revokes it', async () => {
    const issued = await client.payment.billingKey.issueBillingKey({
      channelKey: CARD_CHANNEL,
      method: { card: { credential: card() } },
    });
    const billingKey = issued.billingKeyInfo.billingKey;
    const paymentId = `sdk-sched-${Date.now()}`;
    const next = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const created = await client.payment.paymentSchedule.createPaymentSchedule({
      paymentId,
      payment: { billingKey, orderName: '다음 달', amount: { total: 12_000 }, currency: 'KRW' },
      timeToPay: next,
    });
    const schedule = await client.payment.paymentSchedule.getPaymentSchedule({
      paymentScheduleId: created.schedule.id,
    });
    expect(schedule.status).toBe('SCHEDULED');
    const listed = await client.payment.paymentSchedule.getPaymentSchedules({ filter: { billingKey } });
    expect(listed.items.map((s) => ('id' in s ? s.id : ''))).toEqual([created.schedule.id]);
    const revoked = await client.payment.paymentSchedule.revokePaymentSchedules({ billingKey });
    expect(revoked.revokedScheduleIds).toEqual([created.schedule.id]);
  });

  it('throws the SDK’s typed errors for the emulator’s error answers', async () => {
    await expect(client.payment.getPayment({ paymentId: 'does-not-exist' })).rejects.toMatchObject({
      data: { type: 'PAYMENT_NOT_FOUND' },
    });
  });

  it('Webhook.verify accepts the webhooks the emulator sent, and refuses another secret', async () => {
    // Two keys issued, a payment, a partial cancel, a key deleted.
    await receiver.waitFor(5);
    const webhooks = receiver.received.filter((r) => r.headers['webhook-signature']);
    expect(webhooks.length).toBeGreaterThan(0);
    const types: string[] = [];
    for (const request of webhooks) {
      const verified = await Webhook.verify(WEBHOOK_SECRET, request.body, request.headers);
      types.push(String(verified.type));
    }
    expect(types).toEqual(
      expect.arrayContaining(['BillingKey.Issued', 'Transaction.Paid', 'Transaction.PartialCancelled']),
    );
    const [first] = webhooks;
    if (!first) throw new Error('no webhook');
    const otherSecret = `whsec_${Buffer.from('another_secret').toString('base64')}`;
    await expect(Webhook.verify(otherSecret, first.body, first.headers)).rejects.toThrow();
  });
});

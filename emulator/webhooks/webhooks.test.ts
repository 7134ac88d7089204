// Webhook delivery to a real local receiver: bodies in both encodings, targets, which events
// notify, retries on the virtual clock, timeouts, the delivery log and redelivery.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { START } from '@/test/emulator/conformance/harness';
import {
  cardFields,
  NOWHERE_URL,
  type PaymentWire,
  startWebhookReceiver,
  type TestEmulator,
  type WebhookReceiver,
} from '@/test/emulator/kit';
import { startNotifyingEmulator } from '@/test/emulator/notifying-emulator';
import type { Merchant } from '../merchants';

let receiver: WebhookReceiver;
let emulator: TestEmulator;

async function start(merchant: Partial<Merchant> = {}, timeoutMs = 10_000) {
  emulator = await startNotifyingEmulator(receiver.url, [merchant], { timeoutMs });
}

beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await emulator?.close();
  await receiver.close();
});

/** A paid window payment (it notifies at once) and its first delivery's attempt. */
async function pay(merchantUid: string, extra: Record<string, unknown> = {}) {
  const { payment } = await emulator.completeWindowPayment({
    merchant_uid: merchantUid,
    amount: 1000,
    ...cardFields(),
    ...extra,
  });
  return payment as PaymentWire;
}

describe('webhook bodies', () => {
  it('JSON: {imp_uid, merchant_uid, status} as application/json', async () => {
    await start({ webhook_format: 'json' });
    const payment = await pay('o-json');
    const [request] = await receiver.waitFor(1);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/webhooks');
    expect(request?.contentType).toBe('application/json; charset=UTF-8');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      imp_uid: payment.imp_uid,
      merchant_uid: 'o-json',
      status: 'paid',
    });
  });

  it('form: the same fields as application/x-www-form-urlencoded', async () => {
    await start({ webhook_format: 'form' });
    const payment = await pay('o-form');
    const [request] = await receiver.waitFor(1);
    expect(request?.contentType).toBe('application/x-www-form-urlencoded; charset=UTF-8');
    expect(request?.body).toBe(`imp_uid=${payment.imp_uid}&merchant_uid=o-form&status=paid`);
  });
});

describe('what notifies whom', () => {
  it('a declined window payment sends nothing; API payments that are paid do', async () => {
    await start();
    await emulator.completeWindowPayment({ merchant_uid: 'o-no', amount: 1000, ...cardFields('insufficientBalance') });
    await emulator.rest('POST', '/subscribe/payments/onetime', { merchant_uid: 'o-api', amount: 500, ...cardFields() });
    const [request] = await receiver.waitFor(1);
    expect(request?.fields).toMatchObject({ merchant_uid: 'o-api', status: 'paid' });
    await emulator.advanceClock(600); // anything still to come would have come by now
    expect(receiver.received).toHaveLength(1);
  });

  it('notice_url (string or array) replaces the callback URL, one delivery per URL', async () => {
    await start();
    const second = await startWebhookReceiver('/second');
    try {
      const payment = await pay('o-urls', { notice_url: [`${receiver.url}?first`, second.url] });
      await emulator.advanceClock(0); // answers once the attempts under way have finished
      expect(receiver.received.map((r) => r.path)).toEqual(['/webhooks?first']);
      const log = await emulator.webhooks({ imp_uid: payment.imp_uid });
      expect(log.map((w) => [w.event, w.target, w.status])).toEqual([
        ['payment', `${receiver.url}?first`, 'delivered'],
        ['payment', second.url, 'delivered'],
      ]);
    } finally {
      await second.close();
    }
  });

  it('a refund notifies only when the request says enable_webhook, with its cancellation_id', async () => {
    await start();
    const payment = await pay('o-refund');
    await receiver.waitFor(1);
    await emulator.rest('POST', '/payments/cancel', { imp_uid: payment.imp_uid, amount: 300 });
    const full = await emulator.rest<PaymentWire>('POST', '/payments/cancel', {
      imp_uid: payment.imp_uid,
      enable_webhook: true,
    });
    const [, request] = await receiver.waitFor(2);
    expect(request?.fields).toEqual({
      imp_uid: payment.imp_uid,
      merchant_uid: 'o-refund',
      status: 'cancelled',
      cancellation_id: full.body.response?.cancel_history[1]?.cancellation_id,
    });
    const bad = await emulator.rest('POST', '/payments/cancel', { imp_uid: payment.imp_uid, enable_webhook: 'yes' });
    expect(bad.body.message).toMatch(/^enable_webhook: /);
    expect((await emulator.webhooks()).map((w) => w.event)).toEqual(['payment', 'refund']);
  });
});

describe('attempts and retries', () => {
  it('one attempt by default: a 500 is final', async () => {
    await start();
    receiver.answer(500);
    const payment = await pay('o-once');
    await emulator.advanceClock(3600);
    expect(receiver.received).toHaveLength(1);
    const [delivery] = await emulator.webhooks({ imp_uid: payment.imp_uid });
    expect(delivery).toMatchObject({ status: 'failed', response_status: 500, retry: 'none', next_attempt_at: null });
    expect(delivery?.attempts).toHaveLength(1);
  });

  it('5x1m: a 5xx is retried a minute later on the virtual clock, step by step or in one advance', async () => {
    await start({ webhook_retry: '5x1m' });
    let failures = 2;
    receiver.answer(() => (failures-- > 0 ? 503 : 200));
    const payment = await pay('o-retry');
    await emulator.advanceClock(0);
    expect((await emulator.webhooks())[0]).toMatchObject({ status: 'pending', next_attempt_at: START + 60 });
    await emulator.advanceClock(59);
    expect(receiver.received).toHaveLength(1);
    await emulator.advanceClock(1);
    expect(receiver.received).toHaveLength(2);
    await emulator.advanceClock(600); // the third attempt (at +120) runs inside this advance
    const [delivery] = await emulator.webhooks({ imp_uid: payment.imp_uid });
    expect(delivery?.status).toBe('delivered');
    expect(delivery?.attempts.map((a) => [a.at, a.response_status])).toEqual([
      [START, 503],
      [START + 60, 503],
      [START + 120, 200],
    ]);
  });

  it('5x1m: a refused connection is tried six times in all, then failed; a 4xx is never retried', async () => {
    await start({ webhook_retry: '5x1m', callback_url: NOWHERE_URL });
    await pay('o-nowhere');
    await emulator.upsertMerchant({ code: 'imp00000000', callback_url: receiver.url });
    receiver.answer(404);
    await pay('o-404');
    await emulator.advanceClock(3600);
    const [nowhere, notFound] = await emulator.webhooks();
    expect(nowhere?.attempts.map((a) => a.at - START)).toEqual([0, 60, 120, 180, 240, 300]);
    expect(nowhere?.attempts.every((a) => a.response_status === null && a.error === 'ECONNREFUSED')).toBe(true);
    expect(nowhere?.status).toBe('failed');
    expect(notFound).toMatchObject({ status: 'failed', response_status: 404 });
    expect(notFound?.attempts).toHaveLength(1);
  });

  it('a receiver that hangs is cut off by the timeout, so a clock advance still answers', async () => {
    await start({}, 200);
    receiver.answer('hang');
    await pay('o-hang');
    await emulator.advanceClock(60);
    const [delivery] = await emulator.webhooks();
    expect(delivery).toMatchObject({ status: 'failed', response_status: null });
    expect(delivery?.attempts[0]?.error).toBe('timeout');
  });
});

describe('delivery log and redelivery', () => {
  it('the log holds request, answer and attempts; redelivery sends the same body again as a new delivery', async () => {
    await start({ webhook_format: 'form' });
    receiver.answer(() => 'drop');
    const payment = await pay('o-log');
    await emulator.advanceClock(0);
    const [original] = await emulator.webhooks();
    expect(original).toMatchObject({
      merchant_code: 'imp00000000',
      event: 'payment',
      imp_uid: payment.imp_uid,
      target: receiver.url,
      encoding: 'form',
      content_type: 'application/x-www-form-urlencoded; charset=UTF-8',
      body: `imp_uid=${payment.imp_uid}&merchant_uid=o-log&status=paid`,
      status: 'failed',
      response_status: null,
      created_at: START,
      copy_of: null,
    });
    receiver.answer(200);
    const copy = await emulator.redeliverWebhook(original?.id ?? '');
    expect(copy).toMatchObject({
      status: 'delivered',
      response_status: 200,
      copy_of: original?.id,
      copy_kind: 'redelivery',
    });
    expect(copy.attempts[0]?.response_body).toBe('OK');
    expect(receiver.received.map((r) => r.body)).toEqual([original?.body, original?.body]);
    expect(await emulator.webhook(copy.id)).toEqual(copy);
    await expect(emulator.redeliverWebhook('wh_999999')).rejects.toMatchObject({ status: 404 });
  });

  it('state counts deliveries and a reset forgets them', async () => {
    await start();
    await pay('o-count');
    await emulator.advanceClock(0);
    expect(await emulator.state()).toMatchObject({ webhooks: 1, pending_webhooks: 0 });
    await emulator.reset();
    expect(await emulator.webhooks()).toEqual([]);
  });
});

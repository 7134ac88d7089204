// V2 webhooks: Standard Webhooks headers signed over the virtual time of each attempt, logged in
// the delivery log with the event's type, retried with V2's back-off on the merchant's clock.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../client/webhook-receiver';
import { defaultMerchant } from '../merchants';
import { type RunningEmulator, startEmulator } from '../server';
import { V2_RETRY_DELAYS } from '../webhooks/dispatcher';
import { sendV2Event } from './service/events';

const START = Date.UTC(2026, 0, 15, 3, 0, 0) / 1000;
const KEY = Buffer.from('test_v2_webhook_secret_0000');

describe('V2 webhooks', () => {
  let emulator: RunningEmulator;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver('/portone');
    emulator = await startEmulator({
      port: 0,
      clock: { start: START, frozen: true },
      merchants: [defaultMerchant('http://127.0.0.1:1/', receiver.url)],
    });
  });
  afterAll(async () => {
    await emulator?.close();
    await receiver?.close();
  });

  it('signs each attempt at its virtual time and retries a failure after 1 and 5 minutes', async () => {
    receiver.answer((request) => (request.index < 2 ? 500 : 200));
    const data = {
      storeId: 'store-00000000-0000-4000-8000-000000000000',
      paymentId: 'p-webhook',
      transactionId: 't-1',
    };
    sendV2Event(emulator.core, 'imp00000000', { type: 'Transaction.Paid', data });
    const [first] = await receiver.waitFor(1);
    await emulator.core.advance(V2_RETRY_DELAYS[0] ?? 0, 'imp00000000');
    await emulator.core.advance(V2_RETRY_DELAYS[1] ?? 0, 'imp00000000');
    const attempts = await receiver.waitFor(3);
    expect(attempts.map((a) => Number(a.headers['webhook-timestamp']))).toEqual([START, START + 60, START + 360]);
    for (const attempt of attempts) {
      const { 'webhook-id': id, 'webhook-timestamp': ts, 'webhook-signature': signature } = attempt.headers;
      const expected = createHmac('sha256', KEY).update(`${id}.${ts}.${attempt.body}`).digest('base64');
      expect(signature).toBe(`v1,${expected}`);
      expect(id).toBe(first?.headers['webhook-id']);
    }
    expect(JSON.parse(first?.body ?? '')).toEqual({
      type: 'Transaction.Paid',
      timestamp: new Date(START * 1000).toISOString(),
      data,
    });
    const [logged] = emulator.webhooks.list({ impUid: 'p-webhook' });
    expect(logged).toMatchObject({ event: 'Transaction.Paid', state: 'delivered', retry: 'v2', url: receiver.url });
    expect(logged?.attempts.map((a) => a.response_status)).toEqual([500, 500, 200]);
  });
});

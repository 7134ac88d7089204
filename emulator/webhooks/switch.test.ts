// The delivery switch, for testing receivers' idempotency and lateness: twice, delay, drop.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { START } from '@/test/emulator/conformance/harness';
import { cardFields, startWebhookReceiver, type TestEmulator, type WebhookReceiver } from '@/test/emulator/kit';
import { startNotifyingEmulator } from '@/test/emulator/notifying-emulator';

let receiver: WebhookReceiver;
let emulator: TestEmulator;

beforeEach(async () => {
  receiver = await startWebhookReceiver();
  emulator = await startNotifyingEmulator(receiver.url, [{}, { code: 'imp22222222', key: 'k2' }]);
});
afterEach(async () => {
  await emulator.close();
  await receiver.close();
});

const pay = (merchantUid: string, merchantCode = 'imp00000000') =>
  emulator.completeWindowPayment({
    merchant_code: merchantCode,
    merchant_uid: merchantUid,
    amount: 1000,
    ...cardFields(),
  });
const uids = () => receiver.received.map((r) => r.fields.merchant_uid);

describe('webhook switch', () => {
  it('twice: two identical requests at once, logged as a delivery and its duplicate', async () => {
    expect(await emulator.setWebhookSwitch({ mode: 'twice' })).toMatchObject({ merchant_code: null, mode: 'twice' });
    await pay('o-twice');
    await emulator.advanceClock(0);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]?.body).toBe(receiver.received[1]?.body);
    const [first, copy] = await emulator.webhooks();
    expect(copy).toMatchObject({ copy_of: first?.id, copy_kind: 'duplicate', status: 'delivered' });
  });

  it('delay_seconds: the first attempt waits for the virtual clock', async () => {
    await emulator.setWebhookSwitch({ mode: 'delay', delay_seconds: 3600 });
    await pay('o-late');
    await emulator.advanceClock(3599);
    expect(receiver.received).toHaveLength(0);
    expect((await emulator.webhooks())[0]).toMatchObject({ status: 'pending', next_attempt_at: START + 3600 });
    await emulator.advanceClock(1);
    expect(uids()).toEqual(['o-late']);
  });

  it('delay_ms: sent after a real-time wait, and a clock advance waits for it', async () => {
    await emulator.setWebhookSwitch({ mode: 'delay', delay_ms: 150 });
    const started = Date.now();
    await pay('o-slow');
    await emulator.advanceClock(0);
    expect(uids()).toEqual(['o-slow']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
  });

  it('drop: logged as dropped, never sent, and redeliverable', async () => {
    await emulator.setWebhookSwitch({ mode: 'drop', count: 1 });
    await pay('o-lost');
    await pay('o-after');
    await emulator.advanceClock(3600);
    expect(uids()).toEqual(['o-after']);
    const [lost] = await emulator.webhooks();
    expect(lost).toMatchObject({ status: 'dropped', attempts: [] });
    await emulator.redeliverWebhook(lost?.id ?? '');
    expect(uids()).toEqual(['o-after', 'o-lost']);
  });

  it('count: applies to the next n notifications, then normal again; a merchant setting wins over the global one', async () => {
    await emulator.setWebhookSwitch({ mode: 'twice', count: 1 });
    await emulator.setWebhookSwitch({ mode: 'drop', merchant_code: 'imp22222222' });
    expect(await emulator.webhookSwitches()).toHaveLength(2);
    await pay('o-1');
    await pay('o-2');
    await pay('o-other', 'imp22222222');
    await emulator.advanceClock(0);
    expect(uids().sort()).toEqual(['o-1', 'o-1', 'o-2']);
    expect(await emulator.webhookSwitches()).toEqual([expect.objectContaining({ merchant_code: 'imp22222222' })]);
    await emulator.setWebhookSwitch({ mode: 'normal', merchant_code: 'imp22222222' });
    expect(await emulator.webhookSwitches()).toEqual([]);
  });

  it('bad settings are refused and change nothing; a reset clears the switch', async () => {
    await expect(emulator.setWebhookSwitch({ mode: 'sometimes' as 'drop' })).rejects.toThrow(/^mode: /);
    await expect(emulator.setWebhookSwitch({ mode: 'delay' })).rejects.toThrow(/^delay_ms: /);
    await expect(emulator.setWebhookSwitch({ mode: 'delay', delay_ms: 60_000 })).rejects.toThrow(/^delay_ms: /);
    await expect(emulator.setWebhookSwitch({ mode: 'drop', merchant_code: 'imp99999999' })).rejects.toThrow(
      /^merchant_code: /,
    );
    expect(await emulator.webhookSwitches()).toEqual([]);
    await emulator.setWebhookSwitch({ mode: 'drop' });
    await emulator.reset();
    expect(await emulator.webhookSwitches()).toEqual([]);
  });
});

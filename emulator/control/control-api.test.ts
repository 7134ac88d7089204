// The control API: clock, reset, merchants, state and record lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START } from '@/test/emulator/conformance/harness';
import { ControlError, cardFields, startTestEmulator, type TestEmulator } from '@/test/emulator/kit';

describe('control API', () => {
  let emulator: TestEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator({ clock: { start: START, frozen: true } });
  });
  afterAll(() => emulator.close());

  it('reads the virtual clock and moves it forward only', async () => {
    expect(await emulator.now()).toBe(START);
    expect(await emulator.advanceClock(90)).toBe(START + 90);
    expect(await emulator.now()).toBe(START + 90);
    await expect(emulator.advanceClock(-10)).rejects.toThrow(/^seconds: /);
    await expect(emulator.advanceClock(1.5)).rejects.toThrow(/^seconds: /);
    expect(await emulator.now()).toBe(START + 90);
  });

  it('a clock advance waits for what its listeners run (the scheduler hook)', async () => {
    const seen: number[] = [];
    const stop = emulator.core.ticks.subscribe(async ({ now }) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen.push(now);
    });
    const now = await emulator.advanceClock(10);
    stop();
    expect(seen).toEqual([now]);
  });

  it('a running clock follows real time from its offset', async () => {
    const running = await startTestEmulator({ clock: { start: START } });
    try {
      const first = await running.now();
      expect(first - START).toBeGreaterThanOrEqual(0);
      expect(first - START).toBeLessThanOrEqual(5);
      expect(await running.advanceClock(3600)).toBeGreaterThanOrEqual(first + 3600);
    } finally {
      await running.close();
    }
  });

  it('adds and updates merchants; each has its own key, and keys are unique', async () => {
    const merchant = {
      code: 'imp44444444',
      key: 'key4',
      secret: 'secret4',
      callback_url: 'http://127.0.0.1:9/hook',
      webhook_format: 'form',
      webhook_retry: '5x1m',
    } as const;
    expect(await emulator.upsertMerchant(merchant)).toEqual({ ...merchant, test_channels: [] });
    const updated = await emulator.upsertMerchant({ code: 'imp44444444', webhook_format: 'json' });
    expect(updated).toMatchObject({ key: 'key4', webhook_format: 'json', webhook_retry: '5x1m' });
    expect((await emulator.merchants()).map((m) => m.code)).toEqual(['imp00000000', 'imp44444444']);
    expect((await emulator.getToken({ key: 'key4', secret: 'secret4' })).access_token).toMatch(/^[0-9a-f]{40}$/);
    await expect(emulator.upsertMerchant({ code: 'imp55555555', key: 'key4', secret: 'x' })).rejects.toThrow(/^key: /);
    await expect(emulator.upsertMerchant({ code: 'imp66666666' })).rejects.toThrow(/^key: /);
    await expect(emulator.upsertMerchant({ code: 'imp44444444', webhook_retry: 'always' as 'none' })).rejects.toThrow(
      /^webhook_retry: /,
    );
  });

  it('lists stored records, per merchant on request, and counts them in state', async () => {
    await emulator.reset();
    const { body } = await emulator.rest<{ customer_uid: string }>('POST', '/subscribe/customers/c-1', cardFields());
    expect(body.code).toBe(0);
    await emulator.completeWindowPayment({ merchant_uid: 'o-1', amount: 1000, ...cardFields() });
    await emulator.certify({
      name: '김철수',
      birthday: '1985-05-05',
      gender: 'male',
      phone: '01011112222',
      carrier: 'KT',
    });
    const state = await emulator.state();
    expect(state).toMatchObject({ payments: 1, billing_keys: 1, certifications: 1, schedules: 0, faults: 0 });
    expect((await emulator.payments()).map((p) => [p.merchant_code, p.merchant_uid])).toEqual([['imp00000000', 'o-1']]);
    expect(await emulator.payments('imp44444444')).toEqual([]);
    expect((await emulator.billingKeys()).map((k) => k.customer_uid)).toEqual(['c-1']);
    expect(await emulator.certifications()).toHaveLength(1);
  });

  it('reset forgets every record and token but keeps merchants and the clock', async () => {
    const token = await emulator.getToken();
    const now = await emulator.now();
    await emulator.reset();
    expect(await emulator.state()).toMatchObject({ payments: 0, billing_keys: 0, certifications: 0, tokens: 0 });
    expect((await emulator.merchants()).length).toBe(2);
    expect(await emulator.now()).toBe(now);
    const res = await fetch(`${emulator.url}/payments/imp_000000000000`, {
      headers: { authorization: token.access_token },
    });
    expect(res.status).toBe(401);
  });

  it('answers unknown control routes with 404 and bad shortcuts with a ControlError', async () => {
    const res = await fetch(`${emulator.url}/__emulator/api/nothing`);
    expect(res.status).toBe(404);
    const error = await emulator
      .completeWindowPayment({ merchant_uid: 'x', amount: 1, merchant_code: 'imp99999999' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ControlError);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^merchant_code: /);
  });
});

import { describe, expect, it } from 'vitest';
import { IamportNotFoundError, IamportRequestError } from '@/lib/iamport/errors';
import { createIamportClient } from '@/lib/iamport/service-client';
import { cardFields, registered, uid, withEmulator } from './harness';

// What the reconciliation sweep reads: payments by status (paged, and every page of a long range),
// one customer's bookings, and test-channel (sandbox) payments only when configured to.

const h = withEmulator();
const DAY = 86_400;

/** A moment of its own on the emulator's clock, so that a range holds only what the test made. */
async function freshMoment(): Promise<number> {
  await h.emulator.advanceClock(60);
  return h.emulator.now();
}

const pay = async (pg?: string) => {
  const result = await h.client.charges.onetime({ merchant_uid: uid('order'), amount: 1000, pg, ...cardFields() });
  if (result.outcome !== 'paid') throw new Error(`expected paid, got ${result.outcome}`);
  return result.payment;
};

describe('payments by status', () => {
  it('listByStatus pages newest first with total and next; listAllByStatus reads a range longer than 90 days', async () => {
    const from = await freshMoment();
    const older = await pay();
    await h.emulator.advanceClock(100 * DAY);
    const newer = [await pay(), await pay()];
    const to = await h.emulator.now();
    const first = await h.client.payments.listByStatus({ status: 'paid', from: to - DAY, to, limit: 1 });
    expect(first).toMatchObject({ total: 2, previous: 0, next: 2 });
    expect(first.list[0]?.sandbox).toBe(false);
    h.sent.length = 0;
    const all = await h.client.payments.listAllByStatus({ status: 'paid', from, to });
    expect(all.map((p) => p.imp_uid).sort()).toEqual([older, ...newer].map((p) => p.imp_uid).sort());
    expect(h.sent).toEqual(['GET /payments/status/paid', 'GET /payments/status/paid']);
  });

  it('refuses a bad range before sending anything', async () => {
    await expect(h.client.payments.listByStatus({ status: 'paid', from: 20, to: 10 })).rejects.toBeInstanceOf(
      IamportRequestError,
    );
    await expect(
      h.client.payments.listAllByStatus({ status: 'done' as 'paid', from: 1, to: 2 }),
    ).rejects.toBeInstanceOf(IamportRequestError);
    expect(h.sent).toEqual([]);
  });
});

describe('test-channel (sandbox) payments', () => {
  it('are left out of every read unless the client is made with includeSandbox', async () => {
    await h.emulator.upsertMerchant({ code: 'imp00000000', test_channels: ['kcp'] });
    try {
      const from = await freshMoment();
      const sandboxPayment = await pay('kcp');
      expect(sandboxPayment.sandbox).toBe(true);
      const { imp_uid, merchant_uid } = sandboxPayment;
      await expect(h.client.payments.get({ imp_uid })).rejects.toBeInstanceOf(IamportNotFoundError);
      await expect(h.client.payments.find({ merchant_uid })).rejects.toBeInstanceOf(IamportNotFoundError);
      const to = await h.emulator.now();
      expect((await h.client.payments.listByStatus({ status: 'paid', from, to })).total).toBe(0);

      const testing = createIamportClient({
        baseUrl: h.emulator.url,
        key: 'test_key',
        secret: 'test_secret',
        includeSandbox: true,
      });
      expect(await testing.payments.get({ imp_uid })).toMatchObject({ imp_uid, sandbox: true });
      expect(await testing.payments.find({ merchant_uid })).toMatchObject({ imp_uid, sandbox: true });
      expect((await testing.payments.listByStatus({ status: 'paid', from, to })).list.map((p) => p.imp_uid)).toEqual([
        imp_uid,
      ]);
    } finally {
      await h.emulator.upsertMerchant({ code: 'imp00000000', test_channels: [] });
    }
  });
});

describe("a customer's bookings", () => {
  it('listByCustomer filters by status; listAllByCustomer pages and slices the range', async () => {
    const customer_uid = await registered(h);
    const now = await freshMoment();
    const times = Array.from({ length: 22 }, (_, i) => now + DAY + i * 60);
    const far = now + 120 * DAY;
    const schedules = [...times, far].map((schedule_at) => ({
      merchant_uid: uid('sub'),
      schedule_at,
      amount: 9900,
      name: '월 구독',
    }));
    await h.client.schedules.create({ customer_uid, schedules });
    await h.client.schedules.revoke({ customer_uid, merchant_uid: schedules[0]?.merchant_uid ?? '' });
    const revoked = await h.client.schedules.listByCustomer({
      customer_uid,
      from: now,
      to: now + 2 * DAY,
      status: 'revoked',
    });
    expect(revoked.map((s) => s.merchant_uid)).toEqual([schedules[0]?.merchant_uid]);
    h.sent.length = 0;
    const all = await h.client.schedules.listAllByCustomer({ customer_uid, from: now, to: far + 1 });
    expect(all.map((s) => s.merchant_uid).sort()).toEqual(schedules.map((s) => s.merchant_uid).sort());
    // Two slices of ≤ 90 days; the first holds 22 bookings, so two pages of 20.
    expect(h.sent.filter((line) => line.startsWith('GET /subscribe/payments/schedule/customers/'))).toHaveLength(3);
  });
});

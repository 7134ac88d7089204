import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type PaymentProvider,
  ProviderChargeUnknownError,
  ProviderNotFoundError,
  ProviderNoticeError,
} from '@/lib/provider';
import { TEST_CARDS, type TestCard, type TestEmulator } from '@/test/emulator/kit';
import type { NoticeCatcher } from './notice-catcher';

// What every adapter of lib/provider must do, run against the emulator over real HTTP: the same
// money rules on V1 and V2. Each API's file supplies a rig (how its browser windows and notices
// are driven); the assertions never look at which API answers.

export interface ProviderRig {
  provider: PaymentProvider;
  emulator: TestEmulator;
  notices: NoticeCatcher;
  /**
   * Whether the emulator's default channels are test channels on this API, so that its payments
   * and keys are sandbox (no money moved) to the shop: live on both (a test channel is opt-in, V1's
   * `test_channels`, V2's `test: true` on a store's channel).
   */
  testChannels: boolean;
  /** Pays `orderId` in the payment window as a browser would; answers the id the browser reports. */
  payInWindow(orderId: string, amount: number): Promise<string>;
}

export const uid = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;

export const card = (kind: TestCard = 'approved') => ({
  number: TEST_CARDS[kind],
  expiry: '2099-12',
  birth: '900101',
  pwd2digit: '12',
});

const BUYER = { name: '홍길동', email: 'hong@example.com' };

export function providerContract(name: string, rig: () => ProviderRig) {
  const registered = async (kind: TestCard = 'approved') => {
    const result = await rig().provider.registerCard({ reference: uid('cus'), card: card(kind), buyer: BUYER });
    if (result.outcome !== 'issued') throw new Error(`expected a key, got ${result.outcome}: ${result.message}`);
    return result.key;
  };
  const charge = async (key: string, amount = 10_000, orderId = uid('ord')) =>
    rig().provider.chargeKey({ key, orderId, amount, orderName: '월 구독', buyer: BUYER });

  describe(`${name}: the provider seam against the emulator`, () => {
    it('registers a card, reads its key back, and deletes it (twice is fine)', async () => {
      const { provider } = rig();
      const key = await registered();
      expect(key).toMatchObject({ api: provider.api, sandbox: rig().testChannels });
      expect(key.cardNumber).toMatch(/^4242/);
      expect(await provider.readKey(key.key)).toMatchObject({ key: key.key, api: provider.api });
      await provider.deleteKey(key.key);
      await expect(provider.readKey(key.key)).rejects.toBeInstanceOf(ProviderNotFoundError);
      await provider.deleteKey(key.key);
    });

    it('a card the issuer refuses is refused, with nothing issued', async () => {
      const result = await rig().provider.registerCard({ reference: uid('cus'), card: card('refused') });
      expect(result).toMatchObject({ outcome: 'refused', message: expect.any(String) });
    });

    it('charges a key: paid with the amount decided here, or declined with the issuer reason', async () => {
      const { provider } = rig();
      const orderId = uid('ord');
      const paid = await charge((await registered()).key, 12_300, orderId);
      if (paid.outcome !== 'paid') throw new Error(`expected paid, got ${paid.outcome}`);
      expect(paid.payment).toMatchObject({
        api: provider.api,
        orderId,
        status: 'paid',
        amount: 12_300,
        cancellableAmount: 12_300,
        sandbox: rig().testChannels,
      });
      expect(paid.payment.paidAt).toBeGreaterThan(0);
      expect(await provider.readPayment(paid.payment.id)).toMatchObject({ orderId, status: 'paid' });
      expect(await provider.resolveCharge(orderId)).toMatchObject({ outcome: 'paid' });

      const declined = await charge((await registered('insufficientBalance')).key);
      expect(declined).toMatchObject({ outcome: 'declined', payment: { status: 'failed' } });
      if (declined.outcome === 'declined') expect(declined.reason).toContain('잔액부족');
    });

    it('a charge never sent is not_found when resolved; a deleted key charges nothing', async () => {
      const { provider } = rig();
      expect(await provider.resolveCharge(uid('ord'))).toMatchObject({ outcome: 'not_found' });
      const key = await registered();
      await provider.deleteKey(key.key);
      const orderId = uid('ord');
      expect(await charge(key.key, 1000, orderId)).toMatchObject({ outcome: 'rejected' });
      expect(await provider.resolveCharge(orderId)).toMatchObject({ outcome: 'not_found' });
    });

    it.each([
      ['before the service saw it', false, 'not_found'],
      ['after the service charged it', true, 'paid'],
    ])('a charge whose connection drops %s is unknown; resolving it reads the truth', async (_, after, truth) => {
      const { provider, emulator } = rig();
      const key = await registered();
      const orderId = uid('ord');
      const path = provider.api === 'v1' ? '/subscribe/payments/again' : `/payments/${orderId}/billing-key`;
      await emulator.injectFault({ method: 'POST', path, action: 'drop', count: 1, after });
      await expect(charge(key.key, 5000, orderId)).rejects.toBeInstanceOf(ProviderChargeUnknownError);
      expect(await provider.resolveCharge(orderId)).toMatchObject({ outcome: truth });
    });

    it('refunds in part and in full against the cancellable balance; a stale balance is refused', async () => {
      const { provider } = rig();
      const paid = await charge((await registered()).key, 10_000);
      if (paid.outcome !== 'paid') throw new Error(`expected paid, got ${paid.outcome}`);
      const { id } = paid.payment;
      const part = await provider.cancel({ id, amount: 3000, cancellableAmount: 10_000, reason: '부분 환불' });
      expect(part).toMatchObject({ outcome: 'refunded', payment: { status: 'paid', cancelledAmount: 3000 } });
      if (part.outcome === 'refunded') {
        expect(part.payment.cancellableAmount).toBe(7000);
        expect(part.payment.cancellations.map((entry) => entry.amount)).toEqual([3000]);
      }
      const stale = await provider.cancel({ id, amount: 1000, cancellableAmount: 10_000, reason: '두 번째' });
      expect(stale).toMatchObject({ outcome: 'refused', reason: 'stale_balance' });
      const rest = await provider.cancel({ id, cancellableAmount: 7000, reason: '전액 환불' });
      expect(rest).toMatchObject({ outcome: 'refunded', payment: { status: 'cancelled', cancellableAmount: 0 } });
      const again = await provider.cancel({ id, cancellableAmount: 0, reason: '또' });
      expect(again).toMatchObject({ outcome: 'refused' });
      expect((await provider.readPayment(id)).cancelledAmount).toBe(10_000);
    });

    it('books a charge on the service clock, runs it when the clock gets there, and revokes another', async () => {
      const { provider, emulator } = rig();
      const key = (await registered()).key;
      const now = await provider.serviceNow({ fresh: true });
      const base = { key, amount: 9900, orderName: '월 구독', buyer: BUYER };
      const runs = await provider.schedule({ ...base, orderId: uid('ren'), at: now + 86_400 });
      const revoked = await provider.schedule({ ...base, orderId: uid('ren'), at: now + 2 * 86_400 });
      expect(await provider.readSchedule(runs.scheduleId)).toMatchObject({ outcome: 'scheduled' });
      expect(await provider.revokeSchedule({ key, scheduleId: revoked.scheduleId })).toBe(true);
      expect(await provider.revokeSchedule({ key, scheduleId: revoked.scheduleId })).toBe(false);
      expect(await provider.readSchedule(revoked.scheduleId)).toMatchObject({ outcome: 'revoked' });

      await emulator.advanceClock(86_400 + 60);
      const ran = await provider.readSchedule(runs.scheduleId);
      expect(ran).toMatchObject({ outcome: 'paid', payment: { orderId: runs.orderId, amount: 9900 } });
      expect(await provider.serviceNow({ fresh: true })).toBeGreaterThanOrEqual(now + 86_400);
    });

    it('checks a window checkout against the pinned order and amount', async () => {
      const { provider } = rig();
      const orderId = uid('ord');
      await provider.prepareCheckout({ orderId, amount: 15_000 });
      const id = await rig().payInWindow(orderId, 15_000);
      expect(await provider.verifyCheckout({ id, orderId, amount: 15_000 })).toMatchObject({
        outcome: 'paid',
        payment: { orderId, amount: 15_000 },
      });
      expect(await provider.verifyCheckout({ id, orderId, amount: 20_000 })).toMatchObject({
        outcome: 'amount_mismatch',
        expected: 20_000,
      });
      expect(await provider.verifyCheckout({ id, orderId: uid('ord'), amount: 15_000 })).toMatchObject({
        outcome: 'foreign',
      });
    });

    it('receives the service notice of a charge: its payment re-read; a tampered body refused', async () => {
      const { provider, notices } = rig();
      const paid = await charge((await registered()).key, 4_400);
      if (paid.outcome !== 'paid') throw new Error(`expected paid, got ${paid.outcome}`);
      const notice = await notices.waitFor(paid.payment.orderId);
      expect(await provider.receiveNotice(notice)).toMatchObject({
        kind: 'payment',
        payment: { id: paid.payment.id, status: 'paid', amount: 4_400 },
      });
      const garbage = { body: '{"nonsense":true}', headers: notice.headers };
      await expect(provider.receiveNotice(garbage)).rejects.toBeInstanceOf(ProviderNoticeError);
    });
  });
}

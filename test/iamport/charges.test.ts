import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@/test/emulator/kit';
import { cardFields, chargeAgain, paymentsFor, registered, uid, withEmulator } from './harness';

const h = withEmulator();

describe('charges against the emulator, per test card', () => {
  it(`${TEST_CARDS.approved}: paid, and readable by imp_uid and by merchant_uid`, async () => {
    const customer_uid = await registered(h);
    const merchant_uid = uid('order');
    const result = await chargeAgain(h, customer_uid, merchant_uid, 9900);
    if (result.outcome !== 'paid') throw new Error(`expected paid, got ${result.outcome}`);
    expect(result.payment).toMatchObject({ merchant_uid, amount: 9900, status: 'paid', channel: 'api', customer_uid });
    expect(result.payment.paid_at).toBeGreaterThan(0);
    expect(await h.client.payments.get({ imp_uid: result.payment.imp_uid })).toEqual(result.payment);
    expect(await h.client.payments.find({ merchant_uid })).toEqual(result.payment);
    expect(await h.client.payments.find({ merchant_uid, status: 'paid' })).toEqual(result.payment);
    expect(await h.client.charges.resolve({ merchant_uid })).toMatchObject({ outcome: 'paid' });
  });

  it.each([
    ['insufficientBalance', '잔액부족'],
    ['limitExceeded', '한도초과'],
    ['suspended', '정지된 카드'],
  ] as const)('%s card: declined (%s) — code 0, and still not paid', async (testCard, reason) => {
    const customer_uid = await registered(h, testCard);
    const result = await chargeAgain(h, customer_uid);
    expect(result).toMatchObject({ outcome: 'declined', payment: { status: 'failed' } });
    if (result.outcome === 'declined') expect(result.reason).toContain(reason);
  });

  it(`${TEST_CARDS.firstChargeOnly}: the first charge paid, the next declined`, async () => {
    const customer_uid = await registered(h, 'firstChargeOnly');
    expect((await chargeAgain(h, customer_uid)).outcome).toBe('paid');
    expect(await chargeAgain(h, customer_uid)).toMatchObject({ outcome: 'declined', reason: '한도초과' });
  });

  it(`${TEST_CARDS.issuerUnreachable}: issuer unreachable — rejected, nothing charged`, async () => {
    const customer_uid = await registered(h, 'issuerUnreachable');
    const merchant_uid = uid('order');
    expect(await chargeAgain(h, customer_uid, merchant_uid)).toMatchObject({
      outcome: 'rejected',
      message: expect.stringContaining('카드사와 통신할 수 없습니다'),
    });
    expect(await h.client.charges.resolve({ merchant_uid })).toEqual({ outcome: 'not_found', merchant_uid });
  });

  it('registration refused (0002) and expired card (0069) are results, not exceptions', async () => {
    for (const testCard of ['refused', 'expired'] as const) {
      const result = await h.client.billingKeys.register({ customer_uid: uid('cust'), ...cardFields(testCard) });
      expect(result).toMatchObject({ outcome: 'refused', code: expect.any(Number), message: expect.any(String) });
    }
  });

  it('a customer_uid with no card: nothing charged', async () => {
    const merchant_uid = uid('order');
    expect(await chargeAgain(h, uid('nobody'), merchant_uid)).toMatchObject({ outcome: 'rejected', code: 1 });
    expect(await paymentsFor(h, merchant_uid)).toHaveLength(0);
  });

  it('onetime with a refused (0002) or expired (0069) card: rejected, nothing charged', async () => {
    for (const testCard of ['refused', 'expired'] as const) {
      const merchant_uid = uid('order');
      const result = await h.client.charges.onetime({ merchant_uid, amount: 5000, ...cardFields(testCard) });
      expect(result).toMatchObject({ outcome: 'rejected', code: -1 });
      expect(await h.client.charges.resolve({ merchant_uid })).not.toMatchObject({ outcome: 'paid' });
    }
  });

  it('an order number already paid is rejected, not charged twice', async () => {
    const customer_uid = await registered(h);
    const merchant_uid = uid('order');
    expect((await chargeAgain(h, customer_uid, merchant_uid)).outcome).toBe('paid');
    expect(await chargeAgain(h, customer_uid, merchant_uid)).toMatchObject({ outcome: 'rejected', code: 1 });
    expect(await paymentsFor(h, merchant_uid)).toHaveLength(1);
  });

  it('onetime: a key-in charge; with customer_uid the card is registered too', async () => {
    const merchant_uid = uid('order');
    const paid = await h.client.charges.onetime({ merchant_uid, amount: 5000, ...cardFields() });
    expect(paid).toMatchObject({ outcome: 'paid', payment: { merchant_uid, amount: 5000 } });
    const customer_uid = uid('cust');
    const first = await h.client.charges.onetime({
      merchant_uid: uid('order'),
      amount: 5000,
      customer_uid,
      ...cardFields(),
    });
    expect(first.outcome).toBe('paid');
    expect((await h.client.billingKeys.get({ customer_uid })).card_number).toMatch(/\*/);
    const declined = await h.client.charges.onetime({
      merchant_uid: uid('order'),
      amount: 5000,
      ...cardFields('insufficientBalance'),
    });
    expect(declined.outcome).toBe('declined');
  });
});

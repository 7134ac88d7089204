// DESIGN.md's test-card table, for registration, again, onetime (with and without customer_uid)
// and the payment window (with and without customer_uid). Issuing a key together with a first
// charge keeps the key when the issuer answered (approved or declined: code 0, like registration's
// "issued"); a refusal (code -1, or an unreachable issuer) leaves no key and an earlier card as it was.
import { describe, expect, it } from 'vitest';
import type { BillingKeyWire, PaymentWire, TestCard } from '../kit';
import { cardFields, uid, useEmulator } from './harness';

type Charge = { kind: 'paid' } | { kind: 'failed'; reason: string } | { kind: 'refused' } | { kind: 'unreachable' };
/** The issuer answered the charge (code 0): an issuance with it keeps the key. */
const answered = (charge: Charge) => charge.kind === 'paid' || charge.kind === 'failed';
const KST = 9 * 3600;

const table: [TestCard, registers: boolean, charge: Charge][] = [
  ['approved', true, { kind: 'paid' }],
  ['refused', false, { kind: 'refused' }],
  ['expired', false, { kind: 'refused' }],
  ['insufficientBalance', true, { kind: 'failed', reason: '잔액부족' }],
  ['limitExceeded', true, { kind: 'failed', reason: '한도초과' }],
  ['suspended', true, { kind: 'failed', reason: '정지된 카드' }],
  ['firstChargeOnly', true, { kind: 'paid' }],
  ['issuerUnreachable', true, { kind: 'unreachable' }],
];

describe('Test cards', () => {
  const s = useEmulator();
  const register = (customer_uid: string, card: TestCard) =>
    s.api.post(`/subscribe/customers/${customer_uid}`, 'CustomerResponse', cardFields(card));
  const again = (customer_uid: string, merchant_uid = uid()) =>
    s.api.post<PaymentWire>('/subscribe/payments/again', 'PaymentResponse', {
      customer_uid,
      merchant_uid,
      amount: 5000,
      name: '정기결제',
    });
  const findOrder = (merchant_uid: string) =>
    s.api.get<PaymentWire>(`/payments/find/${merchant_uid}`, 'PaymentResponse');
  const findKey = (customer_uid: string) =>
    s.api.get<BillingKeyWire>(`/subscribe/customers/${customer_uid}`, 'CustomerResponse');
  const onetime = (body: Record<string, unknown>) =>
    s.api.post<PaymentWire>('/subscribe/payments/onetime', 'PaymentResponse', {
      merchant_uid: uid(),
      amount: 5000,
      ...body,
    });

  for (const [card, registers, charge] of table) {
    describe(card, () => {
      it(`registration: ${registers ? 'issued' : 'refused by the issuer (code -1), nothing stored'}`, async () => {
        const customer_uid = uid('cust');
        const answer = await register(customer_uid, card);
        expect(answer.status).toBe(200);
        expect(answer.body.code).toBe(registers ? 0 : -1);
        if (!registers) expect(answer.body.message).toContain('카드정보 인증 및 빌키 발급에 실패하였습니다.');
        const lookup = await s.api.get(`/subscribe/customers/${customer_uid}`, 'CustomerResponse');
        expect(lookup.status).toBe(registers ? 200 : 404);
      });

      if (registers) {
        it(`again: ${charge.kind}`, async () => {
          const customer_uid = uid('cust');
          await register(customer_uid, card);
          const merchant_uid = uid();
          const answer = await again(customer_uid, merchant_uid);
          if (charge.kind === 'unreachable') {
            expect(answer.body.code).not.toBe(0);
            expect(answer.body.response).toBeNull();
            expect((await findOrder(merchant_uid)).status).toBe(404); // nothing charged, nothing recorded
            return;
          }
          expect(answer.body.code).toBe(0);
          const payment = answer.body.response;
          expect(payment?.status).toBe(charge.kind === 'paid' ? 'paid' : 'failed');
          if (charge.kind === 'failed') expect(payment?.fail_reason).toBe(charge.reason);
          expect(payment).toMatchObject({ channel: 'api', customer_uid, customer_uid_usage: 'payment' });
        });
      }

      it(`onetime without customer_uid: ${charge.kind}`, async () => {
        const merchant_uid = uid();
        const answer = await s.api.post<PaymentWire>('/subscribe/payments/onetime', 'PaymentResponse', {
          merchant_uid,
          amount: 5000,
          ...cardFields(card),
        });
        const stored = await findOrder(merchant_uid);
        if (charge.kind === 'unreachable' || charge.kind === 'refused') {
          expect(answer.body.code).toBe(-1);
          expect(answer.body.response).toBeNull();
          // a refusal leaves a failed record to find; an unreachable issuer leaves nothing
          expect(stored.status).toBe(charge.kind === 'refused' ? 200 : 404);
          if (charge.kind === 'refused') expect(stored.body.response?.status).toBe('failed');
          return;
        }
        expect(answer.body.code).toBe(0);
        expect(answer.body.response?.status).toBe(charge.kind === 'paid' ? 'paid' : 'failed');
        expect(answer.body.response).toMatchObject({ channel: 'api', customer_uid: null, customer_uid_usage: null });
        expect(stored.body.response?.imp_uid).toBe(answer.body.response?.imp_uid);
      });

      it(`onetime with customer_uid: ${charge.kind}, ${answered(charge) ? 'key issued' : 'no key'}`, async () => {
        const customer_uid = uid('cust');
        const merchant_uid = uid();
        const answer = await onetime({ merchant_uid, customer_uid, ...cardFields(card) });
        const stored = await findOrder(merchant_uid);
        const key = await findKey(customer_uid);
        if (!answered(charge)) {
          expect(answer.status).toBe(200);
          expect(answer.body.code).toBe(-1);
          expect(answer.body.response).toBeNull();
          expect(answer.body.message).toContain('카드정보 인증 및 빌키 발급에 실패하였습니다.');
          expect(key.status).toBe(404); // a refusal issues no key
          expect(stored.status).toBe(charge.kind === 'refused' ? 200 : 404);
          if (charge.kind === 'refused')
            expect(stored.body.response).toMatchObject({ status: 'failed', customer_uid, customer_uid_usage: 'issue' });
          return;
        }
        expect(answer.body.code).toBe(0);
        expect(answer.body.response).toMatchObject({
          status: charge.kind === 'paid' ? 'paid' : 'failed',
          fail_reason: charge.kind === 'failed' ? charge.reason : null,
          channel: 'api',
          customer_uid,
          customer_uid_usage: 'issue',
        });
        expect(stored.body.response?.imp_uid).toBe(answer.body.response?.imp_uid);
        expect(key.status).toBe(200);
        expect(key.body.response?.card_number).toBe(answer.body.response?.card_number);
      });

      it(`onetime with the customer_uid of a registered card: ${answered(charge) ? 'replaced' : 'the old card stays'}`, async () => {
        const customer_uid = uid('cust');
        await register(customer_uid, 'approved');
        const before = (await findKey(customer_uid)).body.response;
        await s.emulator.advanceClock(60); // so that a replacement shows in `updated`
        const answer = await onetime({ customer_uid, ...cardFields(card) });
        const after = (await findKey(customer_uid)).body.response;
        if (!answered(charge)) {
          expect(answer.body.code).toBe(-1);
          expect(after).toEqual(before);
          // the old card still charges as before
          expect((await again(customer_uid)).body.response?.status).toBe('paid');
          return;
        }
        expect(answer.body.code).toBe(0);
        expect(after?.card_number).toBe(answer.body.response?.card_number);
        expect(after?.updated).toBe((before?.updated ?? 0) + 60);
        expect(after?.inserted).toBe(before?.inserted);
      });

      it(`payment window with customer_uid and an amount: ${charge.kind}`, async () => {
        const customer_uid = uid('cust');
        const { rsp, payment } = await s.emulator.completeWindowPayment({
          merchant_uid: uid(),
          amount: 5000,
          customer_uid,
          ...cardFields(card),
        });
        expect(rsp.success).toBe(charge.kind === 'paid');
        if (charge.kind === 'unreachable') expect(payment).toBeNull();
        else expect(payment).toMatchObject({ customer_uid, customer_uid_usage: 'issue' });
        expect((await findKey(customer_uid)).status).toBe(answered(charge) ? 200 : 404);
      });

      it(`payment window: ${charge.kind === 'paid' ? 'success' : 'success false'}`, async () => {
        const { rsp, payment } = await s.emulator.completeWindowPayment({
          merchant_uid: uid(),
          amount: 5000,
          name: '상품',
          ...cardFields(card),
        });
        expect(rsp.success).toBe(charge.kind === 'paid');
        if (charge.kind === 'unreachable') {
          expect(payment).toBeNull();
          expect(rsp.imp_uid).toBeNull();
        } else {
          expect(payment?.status).toBe(charge.kind === 'paid' ? 'paid' : 'failed');
          expect(rsp.imp_uid).toBe(payment?.imp_uid);
        }
        if (charge.kind === 'failed') expect(rsp.error_msg).toBe(charge.reason);
      });
    });
  }

  it('0341: the first charge with a billing key is approved, every later one fails (한도초과)', async () => {
    const customer_uid = uid('cust');
    await register(customer_uid, 'firstChargeOnly');
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await again(customer_uid)).body.response?.status);
    expect(statuses).toEqual(['paid', 'failed', 'failed']);
    // registering the card again is a new billing key: its first charge is approved again
    await register(customer_uid, 'firstChargeOnly');
    expect((await again(customer_uid)).body.response?.status).toBe('paid');
  });

  it('0341 through onetime with customer_uid: issuance plus first charge approved, then again fails', async () => {
    const customer_uid = uid('cust');
    const first = await s.api.post<PaymentWire>('/subscribe/payments/onetime', 'PaymentResponse', {
      merchant_uid: uid(),
      amount: 5000,
      customer_uid,
      ...cardFields('firstChargeOnly'),
    });
    expect(first.body.response).toMatchObject({ status: 'paid', customer_uid, customer_uid_usage: 'issue' });
    const next = await again(customer_uid);
    expect(next.body.response).toMatchObject({ status: 'failed', fail_reason: '한도초과' });
  });

  it('expiry must be in the future by the virtual clock', async () => {
    // START is 2026-01-15 (KST): January 2026 is still valid, December 2025 is not
    const current = await s.api.post(`/subscribe/customers/${uid('cust')}`, 'CustomerResponse', {
      ...cardFields(),
      expiry: '2026-01',
    });
    expect(current.body.code).toBe(0);
    const past = await s.api.post(`/subscribe/customers/${uid('cust')}`, 'CustomerResponse', {
      ...cardFields(),
      expiry: '2025-12',
    });
    expect(past.body.code).toBe(-1);
    expect(past.body.message).toContain('유효기간');
    // a month later on the virtual clock, January 2026 has expired too
    await s.emulator.advanceClock(31 * 24 * 3600);
    const later = await s.api.post(`/subscribe/customers/${uid('cust')}`, 'CustomerResponse', {
      ...cardFields(),
      expiry: '2026-01',
    });
    expect(later.body.code).toBe(-1);
  });

  it("a registered card's expiry is checked at every charge: after its month, refused like 0069", async () => {
    // the card expires at the end of the virtual clock's current month (KST)
    const now = await s.emulator.now();
    const kst = new Date((now + KST) * 1000);
    const expiry = `${kst.getUTCFullYear()}-${String(kst.getUTCMonth() + 1).padStart(2, '0')}`;
    const monthEnd = Date.UTC(kst.getUTCFullYear(), kst.getUTCMonth() + 1, 1) / 1000 - KST;
    const customer_uid = uid('cust');
    const card = { ...cardFields(), expiry };
    expect((await s.api.post(`/subscribe/customers/${customer_uid}`, 'CustomerResponse', card)).body.code).toBe(0);
    const scheduled = uid();
    const booked = await s.api.post('/subscribe/payments/schedule', 'ScheduleResponse', {
      customer_uid,
      schedules: [{ merchant_uid: scheduled, schedule_at: monthEnd + 60, amount: 5000, name: '정기결제' }],
    });
    expect(booked.body.code).toBe(0);

    await s.emulator.advanceClock(monthEnd - 1 - now);
    expect((await again(customer_uid)).body.response?.status).toBe('paid'); // the month's last second counts

    await s.emulator.advanceClock(1);
    const merchant_uid = uid();
    const refused = await again(customer_uid, merchant_uid);
    expect(refused.body).toMatchObject({ code: -1, response: null });
    expect(refused.body.message).toContain('유효기간이 만료된 카드입니다.');
    // a refusal leaves a failed record, as 0069's does
    expect((await findOrder(merchant_uid)).body.response).toMatchObject({
      status: 'failed',
      fail_reason: '[F113] 유효기간이 만료된 카드입니다.',
      customer_uid_usage: 'payment',
    });
    // onetime with the same card (and the key's customer_uid): refused, the key left as it was
    const key = (await findKey(customer_uid)).body.response;
    const keyIn = await onetime({ customer_uid, ...card });
    expect(keyIn.body).toMatchObject({ code: -1, response: null });
    expect((await findKey(customer_uid)).body.response).toEqual(key);

    // the schedule booked while the card was valid runs after it: a failed payment, reason given
    await s.emulator.advanceClock(60);
    const run = await s.api.get<{ schedule_status: string; payment_status: string; fail_reason: string }>(
      `/subscribe/payments/schedule/${scheduled}`,
      'SingleScheduleResponse',
    );
    expect(run.body.response).toMatchObject({
      schedule_status: 'executed',
      payment_status: 'failed',
      fail_reason: '[F113] 유효기간이 만료된 카드입니다.',
    });
  });

  it('any other well-formed number behaves like 4242', async () => {
    const answer = await s.api.post<PaymentWire>('/subscribe/payments/onetime', 'PaymentResponse', {
      merchant_uid: uid(),
      amount: 1000,
      ...cardFields(),
      card_number: '5555-5555-5555-4444',
    });
    expect(answer.body.response).toMatchObject({
      status: 'paid',
      card_number: '5555-55**-****-4444',
      card_name: 'KB국민카드',
    });
  });
});

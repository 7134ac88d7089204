// DESIGN.md's test-card table, for registration, again, onetime (with and without customer_uid)
// and the payment window.
import { describe, expect, it } from 'vitest';
import type { PaymentWire, TestCard } from '../testing';
import { cardFields, uid, useEmulator } from './harness';

type Charge = { kind: 'paid' } | { kind: 'failed'; reason: string } | { kind: 'refused' } | { kind: 'unreachable' };

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

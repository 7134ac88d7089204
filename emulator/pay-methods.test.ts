// Every way to pay that a payment window offers, through the control API's window shortcut (the
// same core operation the hosted window runs) and the REST API, each answer checked against the
// service's Swagger file: wallets and their billing keys, 계좌이체, 휴대폰 소액결제, and each
// method's test data (docs/emulator.md). The windows themselves: windows/pay-methods-window.test.ts.
import { describe, expect, it } from 'vitest';
import { cardFields, uid, useEmulator } from '@/test/emulator/conformance/harness';
import { type BillingKeyWire, ControlError, type PaymentWire, type ScheduleWire } from '@/test/emulator/kit';

const DECLINED = '간편결제 승인 거절 (잔액 부족)';

describe('pay methods', () => {
  const s = useEmulator();
  const read = async (impUid: string | null | undefined) =>
    (await s.api.get<PaymentWire>(`/payments/${impUid}`, 'PaymentResponse')).body.response;
  const keyOf = async (customer_uid: string) =>
    (await s.api.get<BillingKeyWire>(`/subscribe/customers/${customer_uid}`, 'CustomerResponse')).body.response;

  describe('wallets (pg kakaopay, naverpay, tosspay)', () => {
    it.each([
      ['kakaopay', 'card'],
      ['naverpay', 'point'],
      ['tosspay', 'tosspay'],
    ])('%s with pay_method %s: approved, recorded as point on the wallet, no card', async (pg, pay_method) => {
      const { rsp, payment } = await s.emulator.completeWindowPayment({
        merchant_uid: uid(),
        amount: 12000,
        pg,
        pay_method,
        buyer_tel: '010-2222-3333',
      });
      expect(rsp).toMatchObject({ success: true, pay_method: 'point', pg_provider: pg, paid_amount: 12000 });
      expect(await read(payment?.imp_uid)).toMatchObject({
        status: 'paid',
        pay_method: 'point',
        pg_provider: pg,
        emb_pg_provider: null,
        card_name: null,
        card_number: null,
        apply_num: null,
      });
    });

    it('a store suffix (kakaopay.store1) is the same wallet; another pay_method is bad input', async () => {
      const { payment } = await s.emulator.completeWindowPayment({
        merchant_uid: uid(),
        amount: 1,
        pg: 'kakaopay.store1',
      });
      expect(payment).toMatchObject({ pg_provider: 'kakaopay', pg_id: 'store1', pay_method: 'point' });
      await expect(
        s.emulator.completeWindowPayment({ merchant_uid: uid(), amount: 1, pg: 'naverpay', pay_method: 'vbank' }),
      ).rejects.toThrow(/^pay_method: naverpay: card, point, kakaopay, naverpay, tosspay/);
    });

    it('010-4000-0002 declines: a failed payment with the reason, WALLET_DECLINED; the order stays payable', async () => {
      const merchant_uid = uid();
      const { rsp, payment } = await s.emulator.completeWindowPayment({
        merchant_uid,
        amount: 5000,
        pg: 'naverpay',
        phone: '010-4000-0002',
      });
      expect(rsp).toMatchObject({ success: false, error_code: 'WALLET_DECLINED', error_msg: DECLINED });
      expect(await read(payment?.imp_uid)).toMatchObject({
        status: 'failed',
        fail_reason: DECLINED,
        pg_provider: 'naverpay',
      });
      // The order can still be paid another way.
      expect(
        (await s.emulator.completeWindowPayment({ merchant_uid, amount: 5000, ...cardFields() })).rsp.success,
      ).toBe(true);
    });

    it('a bad phone number is bad input; a landline buyer_tel falls back to the approving number', async () => {
      await expect(
        s.emulator.completeWindowPayment({ merchant_uid: uid(), amount: 1, pg: 'kakaopay', phone: '12345' }),
      ).rejects.toThrow(/^phone: /);
      const { rsp } = await s.emulator.completeWindowPayment({
        merchant_uid: uid(),
        amount: 1,
        pg: 'kakaopay',
        buyer_tel: '02-123-4567',
      });
      expect(rsp.success).toBe(true);
    });

    it('billing key on a wallet (amount 0): the key names the wallet, again charges it as point', async () => {
      const customer_uid = uid('cust');
      const issued = await s.emulator.completeWindowPayment({
        merchant_uid: uid(),
        amount: 0,
        pg: 'kakaopay',
        customer_uid,
        buyer_name: '김영희',
      });
      expect(issued.rsp).toMatchObject({ success: true, customer_uid, paid_amount: 0 });
      expect(issued.payment).toMatchObject({ customer_uid_usage: 'issue', pay_method: 'point', status: 'paid' });
      expect(await keyOf(customer_uid)).toMatchObject({
        customer_uid,
        pg_provider: 'kakaopay',
        card_name: '카카오페이',
        card_code: null,
        card_number: null,
        card_type: null,
        customer_name: '김영희',
      });
      const charged = await s.api.again(customer_uid);
      expect(charged.body).toMatchObject({ code: 0 });
      expect(charged.body.response).toMatchObject({
        status: 'paid',
        pay_method: 'point',
        pg_provider: 'kakaopay',
        card_name: null,
        customer_uid,
        customer_uid_usage: 'payment',
        channel: 'api',
      });
    });

    it('010-4000-9995: the key is issued, every charge on it fails (code 0, status failed)', async () => {
      const customer_uid = uid('cust');
      const issued = await s.emulator.completeWindowPayment({
        merchant_uid: uid(),
        amount: 0,
        pg: 'tosspay',
        customer_uid,
        phone: '010-4000-9995',
      });
      expect(issued.rsp.success).toBe(true);
      expect((await keyOf(customer_uid))?.card_name).toBe('토스페이');
      for (let i = 0; i < 2; i++) {
        const again = await s.api.again(customer_uid);
        expect(again.body.code).toBe(0);
        expect(again.body.response).toMatchObject({ status: 'failed', fail_reason: DECLINED, pay_method: 'point' });
      }
    });

    it('010-4000-0002 is refused a key: success false, a failed record, no key; an earlier key stays', async () => {
      const customer_uid = uid('cust');
      await s.emulator.completeWindowPayment({ merchant_uid: uid(), amount: 0, pg: 'naverpay', customer_uid });
      const refused = await s.emulator.completeWindowPayment({
        merchant_uid: uid(),
        amount: 0,
        pg: 'kakaopay',
        customer_uid,
        phone: '010-4000-0002',
      });
      expect(refused.rsp).toMatchObject({ success: false, error_code: 'WALLET_DECLINED', error_msg: DECLINED });
      expect(refused.payment).toMatchObject({ status: 'failed', amount: 0 });
      expect((await keyOf(customer_uid))?.pg_provider).toBe('naverpay');
      const fresh = uid('cust');
      await s.emulator.completeWindowPayment({
        merchant_uid: uid(),
        amount: 0,
        pg: 'kakaopay',
        customer_uid: fresh,
        phone: '010-4000-0002',
      });
      expect((await s.api.get(`/subscribe/customers/${fresh}`, 'CustomerResponse')).status).toBe(404);
    });

    it('customer_uid with an amount issues and charges; a schedule then charges the wallet key', async () => {
      const customer_uid = uid('cust');
      const first = await s.emulator.completeWindowPayment({
        merchant_uid: uid(),
        amount: 9900,
        pg: 'naverpay',
        customer_uid,
      });
      expect(first.payment).toMatchObject({ status: 'paid', amount: 9900, pay_method: 'point', customer_uid });
      const merchant_uid = uid();
      const at = (await s.emulator.now()) + 3600;
      await s.api.post<ScheduleWire[]>('/subscribe/payments/schedule', 'ScheduleResponse', {
        customer_uid,
        schedules: [{ merchant_uid, schedule_at: at, amount: 9900, name: '월 구독' }],
      });
      await s.emulator.advanceTo(at);
      const schedule = await s.emulator.schedule(merchant_uid);
      expect(schedule).toMatchObject({ schedule_status: 'executed', payment_status: 'paid' });
      expect(await read(schedule?.imp_uid)).toMatchObject({
        pay_method: 'point',
        pg_provider: 'naverpay',
        customer_uid_usage: 'payment.scheduled',
        card_name: null,
      });
    });

    it('a scheduled charge of the 9995 wallet key fails with the reason', async () => {
      const customer_uid = uid('cust');
      await s.emulator.completeWindowPayment({
        merchant_uid: uid(),
        amount: 0,
        pg: 'kakaopay',
        customer_uid,
        phone: '010-4000-9995',
      });
      const merchant_uid = uid();
      const at = (await s.emulator.now()) + 60;
      await s.api.post('/subscribe/payments/schedule', 'ScheduleResponse', {
        customer_uid,
        schedules: [{ merchant_uid, schedule_at: at, amount: 4900, name: '월 구독' }],
      });
      await s.emulator.advanceTo(at);
      expect(await s.emulator.schedule(merchant_uid)).toMatchObject({
        payment_status: 'failed',
        fail_reason: DECLINED,
      });
    });

    it('card data cannot be typed in for a wallet: onetime, registration and schedules with a wallet pg are 400', async () => {
      const onetime = await fetch(`${s.api.url}/subscribe/payments/onetime`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await s.api.token()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ merchant_uid: uid(), amount: 1000, pg: 'kakaopay', ...cardFields() }),
      });
      expect(onetime.status).toBe(400);
      expect(((await onetime.json()) as { message: string }).message).toMatch(/^pg: kakaopay: /);
      const customer_uid = uid('cust');
      const register = await fetch(`${s.api.url}/subscribe/customers/${customer_uid}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await s.api.token()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ pg: 'tosspay', ...cardFields() }),
      });
      expect(register.status).toBe(400);
      expect((await s.api.get(`/subscribe/customers/${customer_uid}`, 'CustomerResponse')).status).toBe(404);
      // Onetime with a card PG is as before.
      const card = await s.api.post<PaymentWire>('/subscribe/payments/onetime', 'PaymentResponse', {
        merchant_uid: uid(),
        amount: 1000,
        ...cardFields(),
      });
      expect(card.body.response).toMatchObject({ status: 'paid', pay_method: 'card' });
    });
  });

  describe('계좌이체 (pay_method trans)', () => {
    it('paid at once from the chosen bank: bank_code and bank_name on the record and the rsp', async () => {
      const { rsp, payment } = await s.emulator.completeWindowPayment({
        merchant_uid: uid(),
        amount: 30000,
        pay_method: 'trans',
        pg: 'html5_inicis',
        bank_code: '088',
      });
      expect(rsp).toMatchObject({ success: true, pay_method: 'trans', bank_name: '신한은행', paid_amount: 30000 });
      expect(await read(payment?.imp_uid)).toMatchObject({
        status: 'paid',
        pay_method: 'trans',
        pg_provider: 'html5_inicis',
        bank_code: '088',
        bank_name: '신한은행',
        card_name: null,
        apply_num: null,
      });
    });

    it('031 (대구은행) is under maintenance: a failed payment, BANK_MAINTENANCE', async () => {
      const { rsp, payment } = await s.emulator.completeWindowPayment({
        merchant_uid: uid(),
        amount: 30000,
        pay_method: 'trans',
        bank_code: '031',
      });
      expect(rsp).toMatchObject({ success: false, error_code: 'BANK_MAINTENANCE', error_msg: '은행 점검 시간입니다' });
      expect(await read(payment?.imp_uid)).toMatchObject({
        status: 'failed',
        fail_reason: '은행 점검 시간입니다',
        bank_code: '031',
      });
    });

    it('a securities firm or an unknown code is bad input; no billing key on a transfer', async () => {
      for (const bank_code of ['240', '999', 'abc']) {
        await expect(
          s.emulator.completeWindowPayment({ merchant_uid: uid(), amount: 1, pay_method: 'trans', bank_code }),
        ).rejects.toThrow(/^bank_code: /);
      }
      const error = await s.emulator
        .completeWindowPayment({ merchant_uid: uid(), amount: 0, pay_method: 'trans', customer_uid: uid('c') })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ControlError);
      expect((error as ControlError).message).toMatch(/^pay_method: 빌링키 발급은 card 또는 간편결제/);
    });
  });

  describe('휴대폰 소액결제 (pay_method phone)', () => {
    it('paid on the phone bill through danal (the pg when none is given)', async () => {
      const { rsp, payment } = await s.emulator.completeWindowPayment({
        merchant_uid: uid(),
        amount: 8000,
        pay_method: 'phone',
        carrier: 'LGT_MVNO',
        phone: '010-5555-6666',
        otp: '123456',
      });
      expect(rsp).toMatchObject({ success: true, pay_method: 'phone', pg_provider: 'danal' });
      expect(await read(payment?.imp_uid)).toMatchObject({ status: 'paid', pay_method: 'phone', pg_provider: 'danal' });
    });

    it('010-4000-9987 is over its monthly limit: a failed payment, PHONE_LIMIT_EXCEEDED', async () => {
      const { rsp, payment } = await s.emulator.completeWindowPayment({
        merchant_uid: uid(),
        amount: 8000,
        pg: 'danal',
        pay_method: 'phone',
        buyer_tel: '010-4000-9987',
      });
      expect(rsp).toMatchObject({
        success: false,
        error_code: 'PHONE_LIMIT_EXCEEDED',
        error_msg: '휴대폰 결제 월 한도 초과',
      });
      expect(await read(payment?.imp_uid)).toMatchObject({ status: 'failed', fail_reason: '휴대폰 결제 월 한도 초과' });
    });

    it('a wrong code, an unknown carrier or a bad number is bad input and records nothing', async () => {
      const merchant_uid = uid();
      const bad = [
        [{ otp: '000000' }, /^otp: 인증번호가 일치하지 않습니다/],
        [{ carrier: 'VODAFONE' }, /^carrier: /],
        [{ phone: '02-123-4567' }, /^phone: /],
      ] as const;
      for (const [fields, message] of bad) {
        await expect(
          s.emulator.completeWindowPayment({ merchant_uid, amount: 1, pay_method: 'phone', ...fields }),
        ).rejects.toThrow(message);
      }
      expect((await s.emulator.payments()).filter((p) => p.merchant_uid === merchant_uid)).toEqual([]);
    });
  });
});

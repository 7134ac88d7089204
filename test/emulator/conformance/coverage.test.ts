// How much of the real API the emulator answers, derived from the Swagger file and the emulator's
// routes (never a hard-coded number), printed on every run; and every answered operation once,
// with a request that succeeds, its body validated against the operation's own Swagger definition.
import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentWire } from '../kit';
import { cardFields, START, uid, useEmulator } from './harness';
import { coverage } from './operations';

const SHIPPING = {
  sender: { name: '판매자' },
  receiver: { name: '구매자' },
  logis: { company: 'CJGLS', invoice: '1', sent_at: START },
};

const PERSON = {
  name: '홍길동',
  birthday: '1990-01-01',
  gender: 'male',
  phone: '01011112222',
  carrier: 'SKT',
} as const;

interface Sample {
  path: string;
  body?: Record<string, unknown>;
}

describe('the Swagger file’s operations', () => {
  const s = useEmulator();
  const world: Record<string, string> = {};
  const samples: Record<string, () => Sample> = {};
  const sample = (key: string, make: () => Sample) => {
    samples[key] = make;
  };

  async function pay(body: Record<string, unknown>): Promise<PaymentWire> {
    const answer = await s.api.post<PaymentWire>('/subscribe/payments/onetime', 'PaymentResponse', body);
    return answer.body.response as PaymentWire;
  }
  async function vbank(amount = 5000): Promise<PaymentWire> {
    const body = { merchant_uid: uid('vb'), amount, vbank_code: '004', vbank_due: START + 86_400 };
    return (await s.api.post<PaymentWire>('/vbanks', 'PaymentResponse', body)).body.response as PaymentWire;
  }

  beforeAll(async () => {
    await s.emulator.upsertMerchant({ code: 'imp00000000', tiers: [{ tier_code: 'AB1', tier_name: '강남점' }] });
    world.customer = uid('cust');
    world.other = uid('cust');
    for (const customer of [world.customer, world.other])
      await s.api.post(`/subscribe/customers/${customer}`, 'CustomerResponse', cardFields());
    const card = await pay({ merchant_uid: uid(), amount: 1000, ...cardFields(), customer_uid: world.customer });
    world.card = card.imp_uid;
    world.cardOrder = card.merchant_uid;
    world.refund = (await pay({ merchant_uid: uid(), amount: 1000, ...cardFields() })).imp_uid;
    const paidVbank = await vbank();
    await s.emulator.deposit(paidVbank.imp_uid);
    world.paidVbank = paidVbank.imp_uid;
    world.cancelledReceipt = (await vbank()).imp_uid;
    await s.emulator.deposit(world.cancelledReceipt);
    world.changedVbank = (await vbank()).imp_uid;
    world.revokedVbank = (await vbank()).imp_uid;
    world.cvs = (
      (await s.api.post<PaymentWire>('/cvs', 'PaymentResponse', { merchant_uid: uid(), amount: 100 })).body
        .response as PaymentWire
    ).imp_uid;
    const escrow = await s.emulator.completeWindowPayment({
      merchant_uid: uid(),
      amount: 100,
      escrow: true,
      ...cardFields(),
    });
    world.escrow = escrow.payment?.imp_uid ?? '';
    const changedEscrow = await s.emulator.completeWindowPayment({
      merchant_uid: uid(),
      amount: 100,
      escrow: true,
      ...cardFields(),
    });
    world.changedEscrow = changedEscrow.payment?.imp_uid ?? '';
    await s.api.post(`/escrows/logis/${world.changedEscrow}`, 'EscrowLogisResponse', SHIPPING);
    const schedules = ['pending', 'update', 'unschedule', 'failed', 'revoked'].map((name) => {
      world[name] = uid(name);
      return { merchant_uid: world[name], schedule_at: START + 3600, amount: 1000, name: '예약' };
    });
    await s.api.post('/subscribe/payments/schedule', 'ScheduleResponse', { customer_uid: world.customer, schedules });
    await s.api.post('/subscribe/payments/unschedule', 'ScheduleResponse', {
      customer_uid: world.customer,
      merchant_uid: [world.failed, world.revoked],
    });
    for (const name of ['cert', 'deletedCert']) {
      const { certification } = await s.emulator.certify(PERSON);
      world[name] = certification.imp_uid;
    }
    const otp = await s.api.post<{ imp_uid: string }>('/certifications/otp/request', 'CertificationOTPResponse', {
      name: '김영희',
      phone: '010-3333-4444',
      birth: '950203',
      gender_digit: '2',
      carrier: 'KT',
    });
    world.otp = otp.body.response?.imp_uid ?? '';
    world.otpCode = (await s.emulator.otpMessage(world.otp)).otp;
    world.prepared = uid();
    await s.api.post('/payments/prepare', 'PaymentPrepareResponse', { merchant_uid: world.prepared, amount: 10 });
    await s.api.post(`/receipts/${world.cancelledReceipt}`, 'ReceiptResponse', { identifier: '01012345678' });
    world.external = uid();
    await s.api.post(`/receipts/external/${world.external}`, 'ExternalReceiptResponse', {
      name: '현금 판매',
      amount: 3000,
      identifier: '01012345678',
    });
  });

  const order = () => ({ merchant_uid: uid(), amount: 1000, name: '상품' });
  sample('POST /users/getToken', () => ({
    path: '/users/getToken',
    body: { imp_key: 'test_key', imp_secret: 'test_secret' },
  }));
  sample('GET /certifications/{imp_uid}', () => ({ path: `/certifications/${world.cert}` }));
  sample('DELETE /certifications/{imp_uid}', () => ({ path: `/certifications/${world.deletedCert}` }));
  sample('POST /certifications/otp/request', () => ({
    path: '/certifications/otp/request',
    body: { name: '박철수', phone: '01055556666', birth: '000101', gender_digit: '3', carrier: 'LGT', is_mvno: true },
  }));
  sample('POST /certifications/otp/confirm/{imp_uid}', () => ({
    path: `/certifications/otp/confirm/${world.otp}`,
    body: { otp: world.otpCode },
  }));
  sample('GET /subscribe/customers', () => ({
    path: `/subscribe/customers?customer_uid[]=${world.customer}&customer_uid[]=${world.other}`,
  }));
  sample('GET /subscribe/customers/{customer_uid}', () => ({ path: `/subscribe/customers/${world.customer}` }));
  sample('POST /subscribe/customers/{customer_uid}', () => ({
    path: `/subscribe/customers/${uid('c')}`,
    body: cardFields(),
  }));
  sample('DELETE /subscribe/customers/{customer_uid}', () => ({ path: `/subscribe/customers/${world.other}` }));
  sample('GET /subscribe/customers/{customer_uid}/payments', () => ({
    path: `/subscribe/customers/${world.customer}/payments`,
  }));
  sample('GET /subscribe/customers/{customer_uid}/schedules', () => ({
    path: `/subscribe/customers/${world.customer}/schedules?from=${START}&to=${START + 86_400}`,
  }));
  sample('POST /cvs', () => ({ path: '/cvs', body: order() }));
  sample('DELETE /cvs/{imp_uid}', () => ({ path: `/cvs/${world.cvs}` }));
  sample('GET /escrows/logis/{imp_uid}', () => ({ path: `/escrows/logis/${world.changedEscrow}` }));
  sample('POST /escrows/logis/{imp_uid}', () => ({ path: `/escrows/logis/${world.escrow}`, body: SHIPPING }));
  sample('PUT /escrows/logis/{imp_uid}', () => ({ path: `/escrows/logis/${world.changedEscrow}`, body: SHIPPING }));
  sample('GET /payments/{imp_uid}/balance', () => ({ path: `/payments/${world.card}/balance` }));
  sample('GET /payments/{imp_uid}', () => ({ path: `/payments/${world.card}` }));
  sample('GET /payments', () => ({ path: `/payments?imp_uid[]=${world.card}&merchant_uid[]=${world.cardOrder}` }));
  sample('GET /payments/find/{merchant_uid}/{payment_status}', () => ({
    path: `/payments/find/${world.cardOrder}/paid`,
  }));
  sample('GET /payments/findAll/{merchant_uid}/{payment_status}', () => ({
    path: `/payments/findAll/${world.cardOrder}`,
  }));
  sample('GET /payments/status/{payment_status}', () => ({ path: '/payments/status/paid' }));
  sample('POST /payments/cancel', () => ({ path: '/payments/cancel', body: { imp_uid: world.refund } }));
  sample('POST /payments/prepare', () => ({ path: '/payments/prepare', body: { merchant_uid: uid(), amount: 100 } }));
  sample('PUT /payments/prepare', () => ({
    path: '/payments/prepare',
    body: { merchant_uid: world.prepared, amount: 20 },
  }));
  sample('GET /payments/prepare/{merchant_uid}', () => ({ path: `/payments/prepare/${world.prepared}` }));
  sample('GET /receipts/{imp_uid}', () => ({ path: `/receipts/${world.cancelledReceipt}` }));
  sample('POST /receipts/{imp_uid}', () => ({
    path: `/receipts/${world.paidVbank}`,
    body: { identifier: '1234567890', type: 'company' },
  }));
  sample('DELETE /receipts/{imp_uid}', () => ({ path: `/receipts/${world.cancelledReceipt}` }));
  sample('GET /receipts/external/{merchant_uid}', () => ({ path: `/receipts/external/${world.external}` }));
  sample('POST /receipts/external/{merchant_uid}', () => ({
    path: `/receipts/external/${uid()}`,
    body: { name: '현금 판매', amount: 1100, identifier: '01012345678' },
  }));
  sample('DELETE /receipts/external/{merchant_uid}', () => ({ path: `/receipts/external/${world.external}` }));
  sample('GET /cards', () => ({ path: '/cards' }));
  sample('GET /cards/{card_standard_code}', () => ({ path: '/cards/366' }));
  sample('GET /banks', () => ({ path: '/banks' }));
  sample('GET /banks/{bank_standard_code}', () => ({ path: '/banks/088' }));
  sample('POST /subscribe/payments/onetime', () => ({
    path: '/subscribe/payments/onetime',
    body: { ...order(), ...cardFields() },
  }));
  sample('POST /subscribe/payments/again', () => ({
    path: '/subscribe/payments/again',
    body: { ...order(), customer_uid: world.customer },
  }));
  sample('GET /subscribe/payments/schedule', () => ({
    path: `/subscribe/payments/schedule?schedule_from=${START}&schedule_to=${START + 86_400}`,
  }));
  sample('POST /subscribe/payments/schedule', () => ({
    path: '/subscribe/payments/schedule',
    body: { customer_uid: world.customer, schedules: [{ ...order(), schedule_at: START + 7200 }] },
  }));
  sample('POST /subscribe/payments/unschedule', () => ({
    path: '/subscribe/payments/unschedule',
    body: { customer_uid: world.customer, merchant_uid: world.unschedule },
  }));
  sample('GET /subscribe/payments/schedule/{merchant_uid}', () => ({
    path: `/subscribe/payments/schedule/${world.pending}`,
  }));
  sample('PUT /subscribe/payments/schedule/{merchant_uid}', () => ({
    path: `/subscribe/payments/schedule/${world.update}`,
    body: { schedule_at: START + 5400 },
  }));
  sample('POST /subscribe/payments/schedule/{merchant_uid}/reschedule', () => ({
    path: `/subscribe/payments/schedule/${world.revoked}/reschedule`,
    body: { schedule_at: START + 5400 },
  }));
  sample('POST /subscribe/payments/schedule/{merchant_uid}/retry', () => ({
    path: `/subscribe/payments/schedule/${world.failed}/retry`,
  }));
  sample('GET /subscribe/payments/schedule/customers/{customer_uid}', () => ({
    path: `/subscribe/payments/schedule/customers/${world.customer}?from=${START}&to=${START + 86_400}`,
  }));
  sample('GET /tiers/{tier_code}', () => ({ path: '/tiers/AB1' }));
  sample('GET /users/pg', () => ({ path: '/users/pg' }));
  sample('POST /vbanks', () => ({ path: '/vbanks', body: { ...order(), vbank_code: '088', vbank_due: START + 3600 } }));
  sample('PUT /vbanks/{imp_uid}', () => ({ path: `/vbanks/${world.changedVbank}`, body: { amount: 7000 } }));
  sample('DELETE /vbanks/{imp_uid}', () => ({ path: `/vbanks/${world.revokedVbank}` }));
  sample('GET /vbanks/holder', () => ({ path: '/vbanks/holder?bank_code=004&bank_num=123-456-789012' }));

  it('answers at least 45 of the 52 operations that are neither Naver Pay nor a partner’s (counted, printed)', () => {
    const { inScope, answered, missing } = coverage(s.emulator.routes);
    console.log(
      `emulator answers ${answered.length} of ${inScope.length} operations of the Swagger file (not Naver Pay, not partner-specific)` +
        (missing.length ? `; not answered: ${missing.map((op) => op.key).join(', ')}` : ''),
    );
    expect(inScope).toHaveLength(52);
    expect(answered.length).toBeGreaterThanOrEqual(45);
  });

  it('every answered operation succeeds once, its body fitting the operation’s Swagger definition', async () => {
    const { answered } = coverage(s.emulator.routes);
    expect(answered.map((op) => op.key).filter((key) => !samples[key])).toEqual([]);
    for (const operation of answered) {
      const { path, body } = (samples[operation.key] as () => Sample)();
      const answer = await s.api.call(operation.method, path, operation.definition ?? '', {
        ...(body ? { body } : {}),
        ...(operation.key === 'POST /users/getToken' ? { token: null } : {}),
      });
      expect({ operation: operation.key, code: answer.body.code, message: answer.body.message }).toEqual({
        operation: operation.key,
        code: 0,
        message: null,
      });
    }
  });
});

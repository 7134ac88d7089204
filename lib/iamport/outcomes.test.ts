import { describe, expect, it } from 'vitest';
import { createFakeService, envelope, paymentRecord } from '@/test/doubles/iamport-service';
import {
  IamportApiError,
  IamportChargeUnknownError,
  IamportInvalidResponseError,
  IamportNotFoundError,
} from './errors';
import { createIamportClient } from './service-client';

// How answers become results. The service here is a test double (test/doubles/iamport-service.ts)
// so that answers the emulator never gives — a payment for another order, a paid amount that
// differs — can be tested too; the emulator's real answers per test card are in
// test/iamport/charges.test.ts.

function setup(answer: () => Response) {
  const fake = createFakeService({ now: 1_700_000_000, handle: answer });
  const client = createIamportClient({ baseUrl: 'http://service.test', key: 'k', secret: 's', fetch: fake.fetch });
  return { fake, client };
}

const again = { customer_uid: 'c1', merchant_uid: 'order-1', amount: 1000, name: 'plan' };
const failed = paymentRecord({ merchant_uid: 'order-1', status: 'failed', paid_at: 0, fail_reason: '잔액부족' });

describe('charge results', () => {
  it('paid: code 0 and status paid', async () => {
    const { client } = setup(() => envelope(paymentRecord({ merchant_uid: 'order-1' })));
    const result = await client.charges.again(again);
    expect(result).toMatchObject({ outcome: 'paid', payment: { status: 'paid', amount: 1000 } });
  });

  it('declined: code 0 with status failed is not a success', async () => {
    const { client } = setup(() => envelope(failed));
    expect(await client.charges.again(again)).toMatchObject({ outcome: 'declined', reason: '잔액부족' });
  });

  it('rejected: a non-zero code and no payment', async () => {
    const { client } = setup(() => envelope(null, { code: -1, message: '카드사 통신 실패' }));
    expect(await client.charges.again(again)).toEqual({
      outcome: 'rejected',
      code: -1,
      message: '카드사 통신 실패',
    });
  });

  it.each([
    ['code 0 without a payment', () => envelope(null), 'response'],
    ['a payment of another order', () => envelope(paymentRecord({ merchant_uid: 'order-2' })), 'response.merchant_uid'],
    [
      'a paid amount that differs',
      () => envelope(paymentRecord({ merchant_uid: 'order-1', amount: 10 })),
      'response.amount',
    ],
    [
      'a charge still ready',
      () => envelope(paymentRecord({ merchant_uid: 'order-1', status: 'ready' })),
      'response.status',
    ],
  ])('an answer it cannot trust (%s) leaves the outcome unknown', async (_, answer, field) => {
    const { client } = setup(answer);
    const error = await client.charges.again(again).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IamportChargeUnknownError);
    expect((error as Error).cause).toBeInstanceOf(IamportInvalidResponseError);
    expect((error as Error).cause).toMatchObject({ field });
    expect((error as Error).message).toMatch(/charges.resolve/);
  });

  it('a 4xx on a charge is a plain API error: the service refused it, nothing is unknown', async () => {
    const { client } = setup(() => envelope(null, { status: 400, code: 1, message: 'bad' }));
    const error = await client.charges.again(again).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IamportApiError);
    expect(error).not.toBeInstanceOf(IamportChargeUnknownError);
  });
});

describe('charges.resolve', () => {
  it('not_found when the service has no payment for the order: it was never charged', async () => {
    const { client } = setup(() => envelope(null, { status: 404, code: -1, message: '존재하지 않는 결제정보입니다.' }));
    expect(await client.charges.resolve({ merchant_uid: 'order-1' })).toEqual({
      outcome: 'not_found',
      merchant_uid: 'order-1',
    });
  });

  it('the payment outcome when there is one', async () => {
    const { fake, client } = setup(() => envelope(failed));
    expect(await client.charges.resolve({ merchant_uid: 'order-1' })).toMatchObject({ outcome: 'declined' });
    expect(fake.requests.at(-1)?.path).toBe('/payments/find/order-1');
  });
});

describe('non-charge results', () => {
  it('a refused card registration is a result, not an exception', async () => {
    const { client } = setup(() =>
      envelope(null, { code: -1, message: '카드정보 인증 및 빌키 발급에 실패하였습니다.' }),
    );
    const card = { card_number: '4000-0000-0000-0002', expiry: '2030-12', birth: '900101' };
    expect(await client.billingKeys.register({ customer_uid: 'c1', ...card })).toEqual({
      outcome: 'refused',
      code: -1,
      message: '카드정보 인증 및 빌키 발급에 실패하였습니다.',
    });
  });

  it('an unknown customer_uid is not found whether the service says 404 or 200 with code 1', async () => {
    for (const status of [404, 200]) {
      const { client } = setup(() => envelope(null, { status, code: 1, message: '등록되지 않은 구매자입니다.' }));
      await expect(client.billingKeys.get({ customer_uid: 'nobody' })).rejects.toBeInstanceOf(IamportNotFoundError);
    }
  });

  it('revoking with nothing revocable answers an empty list', async () => {
    const { client } = setup(() => envelope(null, { code: 1, message: '취소할 예약결제 기록이 존재하지 않습니다.' }));
    expect(await client.schedules.revoke({ customer_uid: 'c1' })).toEqual([]);
  });

  it('reads back an executed schedule as the outcome of its payment', async () => {
    const schedule = {
      customer_uid: 'c1',
      merchant_uid: 'order-1',
      imp_uid: 'imp_000000000001',
      schedule_at: 1_700_000_000,
      executed_at: 1_700_000_001,
      amount: 1000,
      schedule_status: 'executed',
      payment_status: 'failed',
      fail_reason: '한도초과',
    };
    const { fake, client } = setup(() => envelope(schedule));
    fake.handle = (request) =>
      request.path.startsWith('/payments/') ? envelope({ ...failed, fail_reason: '한도초과' }) : envelope(schedule);
    const result = await client.schedules.readCharge({ merchant_uid: 'order-1' });
    expect(result).toMatchObject({ outcome: 'declined', reason: '한도초과', schedule: { merchant_uid: 'order-1' } });
    expect(fake.requests.slice(1).map((r) => r.path)).toEqual([
      '/subscribe/payments/schedule/order-1',
      '/payments/imp_000000000001',
    ]);
  });
});

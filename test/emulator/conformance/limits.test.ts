// The spec's Limits table and the card-field formats: a value at the limit passes, one past it is
// refused with HTTP 400, code -1 and a message naming the field, and nothing is stored.
import { describe, expect, it } from 'vitest';
import { cardFields, uid, useEmulator } from './harness';

const limits: [field: string, max: number, sample: string][] = [
  ['merchant_uid', 40, 'm'],
  ['name', 40, '상'],
  ['buyer_name', 16, '홍'],
  ['buyer_email', 64, 'a'],
  ['buyer_tel', 16, '0'],
  ['buyer_addr', 128, '주'],
  ['buyer_postcode', 8, '1'],
];

describe('Limits', () => {
  const s = useEmulator();

  for (const [field, max, sample] of limits) {
    it(`${field} (barcode issuance): at most ${max} characters`, async () => {
      const merchantUid = field === 'merchant_uid' ? sample.repeat(max) : uid();
      const ok = await s.api.post('/cvs', 'PaymentResponse', {
        merchant_uid: merchantUid,
        amount: 1000,
        [field]: sample.repeat(max),
      });
      expect(ok.body.code).toBe(0);

      const tooLongUid = field === 'merchant_uid' ? sample.repeat(max + 1) : uid();
      const refused = await s.api.post('/cvs', 'PaymentResponse', {
        merchant_uid: tooLongUid,
        amount: 1000,
        [field]: sample.repeat(max + 1),
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe(-1);
      expect(refused.body.message).toMatch(new RegExp(`^${field}: .*${max}`));
      const lookup = await s.api.get(`/payments/find/${encodeURIComponent(tooLongUid)}`, 'PaymentResponse');
      expect(lookup.status).toBe(404);
    });
  }

  it('buyer limits apply to again, onetime and each schedule item too', async () => {
    const customer_uid = uid('cust');
    await s.api.post(`/subscribe/customers/${customer_uid}`, 'CustomerResponse', cardFields());
    const long = { buyer_name: '홍'.repeat(17) };
    const again = await s.api.post('/subscribe/payments/again', 'PaymentResponse', {
      customer_uid,
      merchant_uid: uid(),
      amount: 1000,
      name: '정기',
      ...long,
    });
    expect(again.body.message).toMatch(/^buyer_name: /);
    const onetime = await s.api.post('/subscribe/payments/onetime', 'PaymentResponse', {
      merchant_uid: uid(),
      amount: 1000,
      ...cardFields(),
      ...long,
    });
    expect(onetime.body.message).toMatch(/^buyer_name: /);
    const schedule = await s.api.post('/subscribe/payments/schedule', 'ScheduleResponse', {
      customer_uid,
      schedules: [
        { merchant_uid: uid(), schedule_at: (await s.emulator.now()) + 60, amount: 1000, name: '정기', ...long },
      ],
    });
    expect(schedule.status).toBe(400);
    expect(schedule.body.message).toMatch(/^schedules\[0\]\.buyer_name: /);
  });

  it('several schedules per customer_uid are allowed', async () => {
    const customer_uid = uid('cust');
    await s.api.post(`/subscribe/customers/${customer_uid}`, 'CustomerResponse', cardFields());
    const now = await s.emulator.now();
    const schedules = Array.from({ length: 12 }, (_, i) => ({
      merchant_uid: uid(),
      schedule_at: now + 3600 * (i + 1),
      amount: 1000,
      name: '정기',
    }));
    const answer = await s.api.post<unknown[]>('/subscribe/payments/schedule', 'ScheduleResponse', {
      customer_uid,
      schedules,
    });
    expect(answer.body.response).toHaveLength(12);
  });

  const formats: [field: string, value: string][] = [
    ['card_number', '4242 4242 4242 4242'],
    ['card_number', '4242-4242-4242-424'],
    ['card_number', '5555-555555-55555'], // the 4-6-5 grouping is AMEX's only (34, 37)
    ['expiry', '12/30'],
    ['expiry', '2030-13'],
    ['birth', '9001'],
    ['birth', '901301'],
    ['pwd_2digit', '123'],
  ];
  for (const [field, value] of formats) {
    it(`card field format: ${field} "${value}" is refused naming the field, nothing registered`, async () => {
      const customer_uid = uid('cust');
      const answer = await s.api.post(`/subscribe/customers/${customer_uid}`, 'CustomerResponse', {
        ...cardFields(),
        [field]: value,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(-1);
      expect(answer.body.message).toMatch(new RegExp(`^${field}: `));
      expect((await s.api.get(`/subscribe/customers/${customer_uid}`, 'CustomerResponse')).status).toBe(404);
    });
  }

  it('card fields accept the documented formats: 16 digits with or without dashes, 10-digit corporate birth', async () => {
    for (const fields of [
      { ...cardFields(), card_number: '4242424242424242' },
      { ...cardFields(), birth: '1234567890' },
      { card_number: '4242-4242-4242-4242', expiry: '2099-01' },
    ]) {
      const answer = await s.api.post(`/subscribe/customers/${uid('cust')}`, 'CustomerResponse', fields);
      expect(answer.body.code).toBe(0);
    }
  });
});

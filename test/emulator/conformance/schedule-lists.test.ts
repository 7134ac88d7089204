// GET /subscribe/payments/schedule/customers/{customer_uid}: one customer's schedules by
// schedule_at range and status, latest first, in pages of 20; validated as ScheduleResponse.
import { describe, expect, it } from 'vitest';
import { SCHEDULES_PER_PAGE } from '@/emulator/core/service/schedules';
import type { ScheduleWire } from '../kit';
import { cardFields, uid, useEmulator } from './harness';

const HOUR = 3600;

describe('Schedules of a customer', () => {
  const s = useEmulator();
  const registered = async () => {
    const customer_uid = uid('cust');
    await s.api.post(`/subscribe/customers/${customer_uid}`, 'CustomerResponse', cardFields());
    return customer_uid;
  };
  const book = async (customer_uid: string, times: number[]) => {
    const schedules = times.map((schedule_at) => ({ merchant_uid: uid(), schedule_at, amount: 9900, name: '월 구독' }));
    const answer = await s.api.post<ScheduleWire[]>('/subscribe/payments/schedule', 'ScheduleResponse', {
      customer_uid,
      schedules,
    });
    expect(answer.body.code).toBe(0);
    return schedules.map((item) => item.merchant_uid);
  };
  const list = (customer_uid: string, query: string) =>
    s.api.get<ScheduleWire[]>(`/subscribe/payments/schedule/customers/${customer_uid}?${query}`, 'ScheduleResponse');
  const uids = (answer: { body: { response: ScheduleWire[] | null } }) =>
    answer.body.response?.map((schedule) => schedule.merchant_uid);

  it('lists schedule_at in [from, to), latest first, and filters by schedule-status', async () => {
    const customer_uid = await registered();
    const other = await registered();
    const now = await s.emulator.now();
    const [first, second, third] = await book(customer_uid, [now + HOUR, now + 2 * HOUR, now + 3 * HOUR]);
    await book(other, [now + HOUR]);
    await s.api.post('/subscribe/payments/unschedule', 'ScheduleResponse', { customer_uid, merchant_uid: third });
    expect(uids(await list(customer_uid, `from=${now}&to=${now + 4 * HOUR}`))).toEqual([third, second, first]);
    expect(uids(await list(customer_uid, `from=${now + HOUR}&to=${now + 3 * HOUR}`))).toEqual([second, first]);
    expect(uids(await list(customer_uid, `from=${now}&to=${now + 4 * HOUR}&schedule-status=revoked`))).toEqual([third]);
    await s.emulator.advanceClock(HOUR);
    const executed = await list(customer_uid, `from=${now}&to=${now + 4 * HOUR}&schedule_status=executed`);
    expect(executed.body.response).toEqual([
      expect.objectContaining({ merchant_uid: first, schedule_status: 'executed', payment_status: 'paid' }),
    ]);
  });

  it('pages of 20; a page past the end and an unknown customer are empty lists', async () => {
    const customer_uid = await registered();
    const now = await s.emulator.now();
    const times = Array.from({ length: SCHEDULES_PER_PAGE + 3 }, (_, i) => now + (i + 1) * 60);
    const booked = await book(customer_uid, times);
    const range = `from=${now}&to=${now + 90 * 86_400}`;
    const first = await list(customer_uid, range);
    expect(uids(first)).toEqual(booked.slice(3).reverse());
    expect(uids(await list(customer_uid, `${range}&page=2`))).toEqual(booked.slice(0, 3).reverse());
    expect((await list(customer_uid, `${range}&page=3`)).body.response).toEqual([]);
    expect((await list(uid('nobody'), range)).body.response).toEqual([]);
  });

  it('answers 400 naming the parameter: from and to are required, at most 90 days apart', async () => {
    const customer_uid = await registered();
    const now = await s.emulator.now();
    for (const [query, field] of [
      [`to=${now}`, 'from'],
      [`from=${now}`, 'to'],
      [`from=${now}&to=${now + 91 * 86_400}`, 'to'],
      [`from=${now}&to=${now + 60}&schedule-status=paid`, 'schedule-status'],
      [`from=${now}&to=${now + 60}&page=-1`, 'page'],
    ] as const) {
      const answer = await list(customer_uid, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message).toMatch(new RegExp(`^${field}: `));
    }
  });
});

// POST /subscribe/payments/schedule and unschedule, GET /subscribe/payments/schedule/{merchant_uid}.
import { describe, expect, it } from 'vitest';
import { dueSchedules } from '@/emulator/core/service/schedules';
import type { ScheduleWire } from '../kit';
import { cardFields, uid, useEmulator } from './harness';

describe('Schedules', () => {
  const s = useEmulator();
  const registered = async () => {
    const customer_uid = uid('cust');
    await s.api.post(`/subscribe/customers/${customer_uid}`, 'CustomerResponse', cardFields());
    return customer_uid;
  };
  const item = (at: number, extra: Record<string, unknown> = {}) => ({
    merchant_uid: uid(),
    schedule_at: at,
    amount: 9900,
    name: '월 구독',
    ...extra,
  });
  const book = (body: Record<string, unknown>) =>
    s.api.post<ScheduleWire[]>('/subscribe/payments/schedule', 'ScheduleResponse', body);

  it('books several schedules for one customer_uid and answers the array of schedule results', async () => {
    const customer_uid = await registered();
    const now = await s.emulator.now();
    const items = [item(now + 3600, { buyer_name: '홍길동', custom_data: '{"n":1}' }), item(now + 7200)];
    const answer = await book({ customer_uid, schedules: items });
    expect(answer.body.response).toEqual([
      expect.objectContaining({
        customer_uid,
        merchant_uid: items[0]?.merchant_uid,
        schedule_at: now + 3600,
        amount: 9900,
        buyer_name: '홍길동',
        custom_data: '{"n":1}',
        schedule_status: 'scheduled',
        payment_status: null,
        imp_uid: null,
        executed_at: 0,
        revoked_at: 0,
      }),
      expect.objectContaining({ merchant_uid: items[1]?.merchant_uid, schedule_at: now + 7200 }),
    ]);
  });

  it('GET /subscribe/payments/schedule/{merchant_uid}: one schedule; 404 when unknown', async () => {
    const customer_uid = await registered();
    const it1 = item((await s.emulator.now()) + 60);
    await book({ customer_uid, schedules: [it1] });
    const read = await s.api.get<ScheduleWire>(
      `/subscribe/payments/schedule/${it1.merchant_uid}`,
      'SingleScheduleResponse',
    );
    expect(read.body.response).toMatchObject({ merchant_uid: it1.merchant_uid, schedule_status: 'scheduled' });
    expect((await s.api.get(`/subscribe/payments/schedule/${uid()}`, 'SingleScheduleResponse')).status).toBe(404);
  });

  it('schedule_at must be in the future of the virtual clock', async () => {
    const customer_uid = await registered();
    const answer = await book({ customer_uid, schedules: [item(await s.emulator.now())] });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^schedules\[0\]\.schedule_at: /);
  });

  it('an unregistered customer_uid without card fields: code 1, whatever else is missing', async () => {
    const answer = await book({ customer_uid: uid('cust'), schedules: [item((await s.emulator.now()) + 60)] });
    expect(answer.body).toMatchObject({ code: 1, message: '등록된 고객정보가 없습니다.' });
    const incomplete = await book({ customer_uid: uid('cust'), schedules: [{ merchant_uid: uid() }] });
    expect(incomplete.body).toMatchObject({ code: 1, message: '등록된 고객정보가 없습니다.' });
  });

  it('card fields with the booking register the customer_uid first', async () => {
    const customer_uid = uid('cust');
    const answer = await book({ customer_uid, ...cardFields(), schedules: [item((await s.emulator.now()) + 60)] });
    expect(answer.body.code).toBe(0);
    expect((await s.api.get(`/subscribe/customers/${customer_uid}`, 'CustomerResponse')).status).toBe(200);
  });

  it('each schedule needs its own merchant_uid; a request books all items or none', async () => {
    const customer_uid = await registered();
    const now = await s.emulator.now();
    const first = item(now + 60);
    await book({ customer_uid, schedules: [first] });
    const fresh = item(now + 120);
    const reused = await book({
      customer_uid,
      schedules: [fresh, { ...item(now + 180), merchant_uid: first.merchant_uid }],
    });
    expect(reused.body.code).toBe(1);
    expect(
      (await s.api.get(`/subscribe/payments/schedule/${fresh.merchant_uid}`, 'SingleScheduleResponse')).status,
    ).toBe(404);
    const twice = await book({
      customer_uid,
      schedules: [fresh, { ...item(now + 180), merchant_uid: fresh.merchant_uid }],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toMatch(/^schedules\[1\]\.merchant_uid: /);
  });

  it('schedules may arrive form-encoded in bracket notation', async () => {
    const customer_uid = await registered();
    const at = (await s.emulator.now()) + 60;
    const merchant_uid = uid();
    const form = new URLSearchParams({
      customer_uid,
      'schedules[0][merchant_uid]': merchant_uid,
      'schedules[0][schedule_at]': String(at),
      'schedules[0][amount]': '1500',
      'schedules[0][name]': '폼 예약',
    });
    const answer = await s.api.call<ScheduleWire[]>('POST', '/subscribe/payments/schedule', 'ScheduleResponse', {
      form,
    });
    expect(answer.body.response?.[0]).toMatchObject({ merchant_uid, schedule_at: at, amount: 1500 });
  });

  it('unschedule: revokes the named schedules, or all of the customer when none is named', async () => {
    const customer_uid = await registered();
    const now = await s.emulator.now();
    const items = [item(now + 60), item(now + 120), item(now + 180)];
    await book({ customer_uid, schedules: items });
    const one = await s.api.post<ScheduleWire[]>('/subscribe/payments/unschedule', 'ScheduleResponse', {
      customer_uid,
      merchant_uid: items[0]?.merchant_uid,
    });
    expect(one.body.response).toEqual([
      expect.objectContaining({ merchant_uid: items[0]?.merchant_uid, schedule_status: 'revoked', revoked_at: now }),
    ]);
    const rest = await s.api.post<ScheduleWire[]>('/subscribe/payments/unschedule', 'ScheduleResponse', {
      customer_uid,
    });
    expect(rest.body.response?.map((r) => r.merchant_uid)).toEqual([items[1]?.merchant_uid, items[2]?.merchant_uid]);
    const nothing = await s.api.post('/subscribe/payments/unschedule', 'ScheduleResponse', { customer_uid });
    expect(nothing.status).toBe(200);
    expect(nothing.body.code).toBe(1);
  });

  it('unschedule takes merchant_uid as an array', async () => {
    const customer_uid = await registered();
    const now = await s.emulator.now();
    const items = [item(now + 60), item(now + 120), item(now + 180)];
    await book({ customer_uid, schedules: items });
    const answer = await s.api.post<ScheduleWire[]>('/subscribe/payments/unschedule', 'ScheduleResponse', {
      customer_uid,
      merchant_uid: [items[0]?.merchant_uid, items[2]?.merchant_uid],
    });
    expect(answer.body.response).toHaveLength(2);
  });

  it('deleting the billing key revokes its pending schedules', async () => {
    const customer_uid = await registered();
    const pending = item((await s.emulator.now()) + 60);
    await book({ customer_uid, schedules: [pending] });
    await s.api.delete(`/subscribe/customers/${customer_uid}`, 'CustomerResponse');
    const read = await s.api.get<ScheduleWire>(
      `/subscribe/payments/schedule/${pending.merchant_uid}`,
      'SingleScheduleResponse',
    );
    expect(read.body.response?.schedule_status).toBe('revoked');
  });

  it('pending schedules are indexed by time: the due query answers exactly those at or before t, in order', async () => {
    await s.emulator.reset();
    const customer_uid = await registered();
    const now = await s.emulator.now();
    const items = [item(now + 300), item(now + 100), item(now + 200), item(now + 400)];
    await book({ customer_uid, schedules: items });
    await s.api.post('/subscribe/payments/unschedule', 'ScheduleResponse', {
      customer_uid,
      merchant_uid: items[2]?.merchant_uid,
    });
    const due = dueSchedules(s.emulator.core, 'imp00000000', now + 300).map((d) => d.merchant_uid);
    expect(due).toEqual([items[1]?.merchant_uid, items[0]?.merchant_uid]);
  });
});

// V2 payment schedules: booked on a billing key, run when the merchant's virtual clock reaches
// them (a success and a failure), listed, revoked by id or by key.
import { describe, expect, it } from 'vitest';
import { issueKey, paymentId, START, useV2Emulator } from './harness';

const DAY = 86_400;
const at = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('V2 payment schedules', () => {
  const s = useV2Emulator();
  const book = async (billingKey: string, id: string, when: number, total = 9900) =>
    (
      await s.api.ok<{ schedule: { id: string } }>('POST', '/payments/{paymentId}/schedule', {
        params: { paymentId: id },
        body: {
          payment: { billingKey, orderName: '다음 달 구독', amount: { total }, currency: 'KRW' },
          timeToPay: at(when),
        },
      })
    ).schedule.id;
  const schedule = (id: string) =>
    s.api.ok<{ status: string; paymentId: string }>('GET', '/payment-schedules/{paymentScheduleId}', {
      params: { paymentScheduleId: id },
    });
  const payment = (id: string) =>
    s.api.ok<{ status: string; scheduleId?: string }>('GET', '/payments/{paymentId}', { params: { paymentId: id } });

  it('runs a schedule when the clock reaches it: SUCCEEDED and a PAID payment naming it', async () => {
    const billingKey = await issueKey(s.api);
    const id = paymentId('sched');
    const scheduleId = await book(billingKey, id, START + 30 * DAY);
    expect(await schedule(scheduleId)).toMatchObject({ status: 'SCHEDULED', paymentId: id });
    await s.api.fails('GET', '/payments/{paymentId}', 404, 'PAYMENT_NOT_FOUND', { params: { paymentId: id } });
    await s.advance(30 * DAY);
    expect(await schedule(scheduleId)).toMatchObject({ status: 'SUCCEEDED' });
    expect(await payment(id)).toMatchObject({ status: 'PAID', scheduleId });
  });

  it('a declining card’s schedule ends FAILED with a FAILED payment', async () => {
    const billingKey = await issueKey(s.api, '4000000000009987');
    const id = paymentId('sched');
    const now = await s.advance(0);
    const scheduleId = await book(billingKey, id, now + DAY);
    await s.advance(DAY);
    expect(await schedule(scheduleId)).toMatchObject({ status: 'FAILED' });
    expect(await payment(id)).toMatchObject({ status: 'FAILED' });
  });

  it('refuses a second pending schedule of the same payment id', async () => {
    const billingKey = await issueKey(s.api);
    const id = paymentId('sched');
    const now = await s.advance(0);
    await book(billingKey, id, now + DAY);
    await s.api.fails('POST', '/payments/{paymentId}/schedule', 409, 'PAYMENT_SCHEDULE_ALREADY_EXISTS', {
      params: { paymentId: id },
      body: {
        payment: { billingKey, orderName: '중복', amount: { total: 1 }, currency: 'KRW' },
        timeToPay: at(now + DAY),
      },
    });
  });

  it('revokes by id and by billing key; revoked schedules never run', async () => {
    const billingKey = await issueKey(s.api);
    const now = await s.advance(0);
    const first = await book(billingKey, paymentId('sched'), now + DAY);
    const second = await book(billingKey, paymentId('sched'), now + 2 * DAY);
    const third = await book(billingKey, paymentId('sched'), now + 3 * DAY);
    const byId = await s.api.ok<{ revokedScheduleIds: string[] }>('DELETE', '/payment-schedules', {
      body: { scheduleIds: [first] },
    });
    expect(byId.revokedScheduleIds).toEqual([first]);
    await s.api.fails('DELETE', '/payment-schedules', 409, 'PAYMENT_SCHEDULE_ALREADY_REVOKED', {
      body: { scheduleIds: [first] },
    });
    await s.api.fails('DELETE', '/billing-keys/{billingKey}', 409, 'PAYMENT_SCHEDULE_ALREADY_EXISTS', {
      params: { billingKey },
    });
    const byKey = await s.api.ok<{ revokedScheduleIds: string[] }>('DELETE', '/payment-schedules', {
      body: { billingKey },
    });
    expect(byKey.revokedScheduleIds.sort()).toEqual([second, third].sort());
    await s.api.ok('DELETE', '/billing-keys/{billingKey}', { params: { billingKey } });
    await s.advance(4 * DAY);
    const listed = await s.api.ok<{ items: { id: string; status: string }[] }>('GET', '/payment-schedules', {
      body: { page: { size: 1000 }, filter: { billingKey } },
    });
    expect(listed.items.map((i) => i.status)).toEqual(['REVOKED', 'REVOKED', 'REVOKED']);
    await s.api.fails('DELETE', '/payment-schedules', 404, 'BILLING_KEY_NOT_FOUND', {
      body: { billingKey: 'billing-key-unknown' },
    });
    await s.api.fails('GET', '/payment-schedules/{paymentScheduleId}', 404, 'PAYMENT_SCHEDULE_NOT_FOUND', {
      params: { paymentScheduleId: 'nope' },
    });
  });
});

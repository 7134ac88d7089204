// Schedules after booking: a new time (PUT), a failed or revoked one booked again (reschedule) or
// charged now (retry: as the scheduler would, with its notice), the merchant's schedules in a
// range (GET /subscribe/payments/schedule), and a billing key's payments and schedules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentWire, type ScheduleWire, startWebhookReceiver, type WebhookReceiver } from '../kit';
import { cardFields, START, uid, useEmulator } from './harness';

const HOUR = 3600;

describe('Schedule changes', () => {
  let receiver: WebhookReceiver;
  const s = useEmulator();
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    await s.emulator.upsertMerchant({ code: 'imp00000000', callback_url: receiver.url });
  });
  afterAll(() => receiver.close());

  async function customer(card: Parameters<typeof cardFields>[0] = 'approved') {
    const customerUid = uid('cust');
    await s.api.post(`/subscribe/customers/${customerUid}`, 'CustomerResponse', cardFields(card));
    return customerUid;
  }
  async function book(customerUid: string, at: number, amount = 1000) {
    const item = { merchant_uid: uid('sch'), schedule_at: at, amount, name: '정기결제' };
    await s.api.post('/subscribe/payments/schedule', 'ScheduleResponse', {
      customer_uid: customerUid,
      schedules: [item],
    });
    return item.merchant_uid;
  }
  const read = async (merchantUid: string) =>
    (await s.api.get<ScheduleWire>(`/subscribe/payments/schedule/${merchantUid}`, 'SingleScheduleResponse')).body
      .response as ScheduleWire;

  it('PUT moves a pending schedule (it runs at the new time); refused once it ran, or into the past', async () => {
    const now = await s.emulator.now();
    const merchantUid = await book(await customer(), now + HOUR);
    const put = (at: number) =>
      s.api.call<ScheduleWire>('PUT', `/subscribe/payments/schedule/${merchantUid}`, 'SingleScheduleResponse', {
        body: { schedule_at: at },
      });
    expect((await put(now + 3 * HOUR)).body.response).toMatchObject({ schedule_at: now + 3 * HOUR });
    await s.emulator.advanceClock(2 * HOUR);
    expect((await read(merchantUid)).schedule_status).toBe('scheduled');
    await s.emulator.advanceClock(HOUR);
    expect(await read(merchantUid)).toMatchObject({ schedule_status: 'executed', executed_at: now + 3 * HOUR });
    expect((await put((await s.emulator.now()) + HOUR)).status).toBe(400);
    const other = await book(await customer(), (await s.emulator.now()) + HOUR);
    const past = await s.api.call('PUT', `/subscribe/payments/schedule/${other}`, 'SingleScheduleResponse', {
      body: { schedule_at: START },
    });
    expect([past.status, past.body.message]).toEqual([400, expect.stringMatching(/^schedule_at: /)]);
    expect(
      (
        await s.api.call('PUT', `/subscribe/payments/schedule/${uid()}`, 'SingleScheduleResponse', {
          body: { schedule_at: now + 9 * HOUR },
        })
      ).status,
    ).toBe(404);
  });

  it('a failed charge is retried now (a new payment, the schedule rewritten, one more notice); a paid one cannot be', async () => {
    const customerUid = await customer('insufficientBalance');
    const merchantUid = await book(customerUid, (await s.emulator.now()) + 60);
    await s.emulator.advanceClock(60);
    const failed = await read(merchantUid);
    expect(failed).toMatchObject({ schedule_status: 'executed', payment_status: 'failed', fail_reason: '잔액부족' });
    const notices = receiver.received.length;
    // The customer fixes the card (registered again under the same customer_uid), the merchant retries.
    await s.api.post(`/subscribe/customers/${customerUid}`, 'CustomerResponse', cardFields());
    const retry = await s.api.post<PaymentWire>(`/subscribe/payments/schedule/${merchantUid}/retry`, 'PaymentResponse');
    expect(retry.body.response).toMatchObject({
      merchant_uid: merchantUid,
      status: 'paid',
      customer_uid_usage: 'payment.scheduled',
    });
    expect(retry.body.response?.imp_uid).not.toBe(failed.imp_uid);
    expect(await read(merchantUid)).toMatchObject({ payment_status: 'paid', imp_uid: retry.body.response?.imp_uid });
    await receiver.waitFor(notices + 1);
    expect(receiver.received.at(-1)?.fields).toMatchObject({ merchant_uid: merchantUid, status: 'paid' });
    const twice = await s.api.post(`/subscribe/payments/schedule/${merchantUid}/retry`, 'PaymentResponse');
    expect(twice.status).toBe(400);
    const pending = await book(customerUid, (await s.emulator.now()) + HOUR);
    expect((await s.api.post(`/subscribe/payments/schedule/${pending}/retry`, 'PaymentResponse')).status).toBe(400);
    expect((await s.api.post(`/subscribe/payments/schedule/${uid()}/retry`, 'PaymentResponse')).status).toBe(404);
  });

  it('a revoked schedule is booked again with reschedule and runs then', async () => {
    const customerUid = await customer();
    const merchantUid = await book(customerUid, (await s.emulator.now()) + HOUR);
    await s.api.post('/subscribe/payments/unschedule', 'ScheduleResponse', {
      customer_uid: customerUid,
      merchant_uid: merchantUid,
    });
    const at = (await s.emulator.now()) + 2 * HOUR;
    const again = await s.api.post<ScheduleWire>(
      `/subscribe/payments/schedule/${merchantUid}/reschedule`,
      'SingleScheduleResponse',
      { schedule_at: at },
    );
    expect(again.body.response).toMatchObject({
      schedule_status: 'scheduled',
      schedule_at: at,
      revoked_at: 0,
      imp_uid: null,
    });
    await s.emulator.advanceClock(2 * HOUR);
    expect(await read(merchantUid)).toMatchObject({ schedule_status: 'executed', payment_status: 'paid' });
    const paid = await s.api.post(`/subscribe/payments/schedule/${merchantUid}/reschedule`, 'SingleScheduleResponse', {
      schedule_at: at + HOUR,
    });
    expect(paid.status).toBe(400);
  });

  it('GET /subscribe/payments/schedule: the merchant’s schedules in [from, to), latest first or earliest first, paged', async () => {
    await s.emulator.reset();
    const base = (await s.emulator.now()) + 10 * HOUR;
    const [a, b] = [await customer(), await customer()];
    const ids = [
      await book(a, base),
      await book(b, base + HOUR),
      await book(a, base + 2 * HOUR),
      await book(b, base + 5 * HOUR),
    ];
    const list = async (query: string) =>
      (await s.api.get<ScheduleWire[]>(`/subscribe/payments/schedule?${query}`, 'ScheduleResponse')).body.response?.map(
        (x) => x.merchant_uid,
      );
    const range = `schedule_from=${base}&schedule_to=${base + 5 * HOUR}`;
    expect(await list(range)).toEqual([ids[2], ids[1], ids[0]]);
    expect(await list(`${range}&sorting=scheduled&limit=2`)).toEqual([ids[0], ids[1]]);
    expect(await list(`${range}&sorting=scheduled&limit=2&page=2`)).toEqual([ids[2]]);
    await s.api.post('/subscribe/payments/unschedule', 'ScheduleResponse', { customer_uid: a, merchant_uid: ids[0] });
    expect(await list(`${range}&schedule_status=revoked`)).toEqual([ids[0]]);
    const missing = await s.api.get(`/subscribe/payments/schedule?schedule_from=${base}`, 'ScheduleResponse');
    expect([missing.status, missing.body.message]).toEqual([400, 'schedule_to: 필수 항목입니다.']);
    const tooLong = await s.api.get(
      `/subscribe/payments/schedule?schedule_from=${base}&schedule_to=${base + 91 * 86_400}`,
      'ScheduleResponse',
    );
    expect(tooLong.status).toBe(400);
  });

  it('a billing key’s payments (paged, newest first) and its schedules under /subscribe/customers/{uid}', async () => {
    const customerUid = await customer();
    const first = await s.api.post<PaymentWire>('/subscribe/payments/again', 'PaymentResponse', {
      customer_uid: customerUid,
      merchant_uid: uid(),
      amount: 1000,
      name: '1회차',
    });
    await s.emulator.advanceClock(60);
    const second = await s.api.post<PaymentWire>('/subscribe/payments/again', 'PaymentResponse', {
      customer_uid: customerUid,
      merchant_uid: uid(),
      amount: 1000,
      name: '2회차',
    });
    const payments = await s.api.get<{ total: number; list: PaymentWire[] }>(
      `/subscribe/customers/${customerUid}/payments`,
      'PaymentListResponse',
    );
    expect(payments.body.response?.total).toBe(2);
    expect(payments.body.response?.list.map((p) => p.imp_uid)).toEqual([
      second.body.response?.imp_uid,
      first.body.response?.imp_uid,
    ]);
    expect((await s.api.get(`/subscribe/customers/${uid()}/payments`, 'PaymentListResponse')).status).toBe(404);
    const now = await s.emulator.now();
    const booked = await book(customerUid, now + HOUR);
    const schedules = await s.api.get<ScheduleWire[]>(
      `/subscribe/customers/${customerUid}/schedules?from=${now}&to=${now + 2 * HOUR}`,
      'ScheduleResponse',
    );
    expect(schedules.body.response?.map((x) => x.merchant_uid)).toEqual([booked]);
  });

  it('GET /subscribe/customers?customer_uid[]=: several keys, 207 when some are missing, 404 when none', async () => {
    const [a, b] = [await customer(), await customer()];
    const both = await s.api.get<{ customer_uid: string }[]>(
      `/subscribe/customers?customer_uid[]=${a}&customer_uid[]=${b}`,
      'MultipleCustomersResponse',
    );
    expect([both.status, both.body.response?.map((k) => k.customer_uid)]).toEqual([200, [a, b]]);
    const some = await s.api.get(
      `/subscribe/customers?customer_uid[]=${a}&customer_uid[]=nobody`,
      'MultipleCustomersResponse',
    );
    expect(some.status).toBe(207);
    expect((await s.api.get('/subscribe/customers?customer_uid[]=nobody', 'MultipleCustomersResponse')).status).toBe(
      404,
    );
    expect((await s.api.get('/subscribe/customers', 'MultipleCustomersResponse')).status).toBe(400);
  });
});

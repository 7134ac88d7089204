// The scheduler: schedules run when the virtual clock reaches them — by a clock advance or by real
// time — exactly once, in schedule_at order, each with one webhook to a real local receiver.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { START } from '@/test/emulator/conformance/harness';
import {
  cardFields,
  type PaymentWire,
  type ScheduleWire,
  startTestEmulator,
  startWebhookReceiver,
  type TestCard,
  type TestEmulator,
  type WebhookReceiver,
} from '@/test/emulator/kit';

const DAY = 24 * 3600;
let emulator: TestEmulator;
let receiver: WebhookReceiver;

beforeEach(async () => {
  receiver = await startWebhookReceiver();
  emulator = await startTestEmulator({ clock: { start: START, frozen: true }, callbackUrl: receiver.url });
});
afterEach(async () => {
  await emulator.close();
  await receiver.close();
});

async function book(customer_uid: string, items: { merchant_uid: string; at: number }[], card: TestCard = 'approved') {
  const schedules = items.map((i) => ({
    merchant_uid: i.merchant_uid,
    schedule_at: i.at,
    amount: 9900,
    name: '월 구독',
  }));
  const { body } = await emulator.rest<ScheduleWire[]>('POST', '/subscribe/payments/schedule', {
    customer_uid,
    ...cardFields(card),
    schedules,
  });
  expect(body.code).toBe(0);
}

const schedule = async (merchantUid: string) =>
  (await emulator.rest<ScheduleWire>('GET', `/subscribe/payments/schedule/${merchantUid}`)).body.response;
const payment = async (impUid: string | null | undefined) =>
  (await emulator.rest<PaymentWire>('GET', `/payments/${impUid}`)).body.response;
const received = () => receiver.received.map((r) => r.fields);

describe('scheduler', () => {
  it('a clock advance runs every due schedule once, in schedule_at order, at its own time', async () => {
    // booked out of order; the one after the advance's end stays pending
    await book('c-1', [
      { merchant_uid: 's-3', at: START + 3 * DAY },
      { merchant_uid: 's-1', at: START + DAY },
      { merchant_uid: 's-2', at: START + 2 * DAY },
      { merchant_uid: 's-later', at: START + 40 * DAY },
    ]);
    // what the merchant's handler reads back when the webhook arrives
    const seen: (string | undefined)[] = [];
    receiver.answer(async (request) => {
      seen.push((await schedule(String(request.fields.merchant_uid)))?.schedule_status);
      return 200;
    });
    expect(await emulator.advanceClock(30 * DAY)).toBe(START + 30 * DAY);
    expect(seen).toEqual(['executed', 'executed', 'executed']);

    const runs = await Promise.all(['s-1', 's-2', 's-3'].map(schedule));
    expect(runs.map((s) => [s?.schedule_status, s?.executed_at, s?.payment_status, s?.fail_reason])).toEqual([
      ['executed', START + DAY, 'paid', null],
      ['executed', START + 2 * DAY, 'paid', null],
      ['executed', START + 3 * DAY, 'paid', null],
    ]);
    expect(await schedule('s-later')).toMatchObject({ schedule_status: 'scheduled', imp_uid: null });
    const first = await payment(runs[0]?.imp_uid);
    expect(first).toMatchObject({
      merchant_uid: 's-1',
      status: 'paid',
      amount: 9900,
      channel: 'api',
      customer_uid: 'c-1',
      customer_uid_usage: 'payment.scheduled',
      paid_at: START + DAY,
    });
    // one webhook per schedule, sent after the schedule result was written
    expect(received()).toEqual(
      runs.map((s) => ({ imp_uid: s?.imp_uid, merchant_uid: s?.merchant_uid, status: 'paid' })),
    );

    await emulator.advanceClock(5 * DAY);
    expect(receiver.received).toHaveLength(3);
    expect((await emulator.payments()).filter((p) => p.customer_uid_usage === 'payment.scheduled')).toHaveLength(3);
  });

  it('test cards decide the outcome; a failed or unreachable charge still gets exactly one webhook', async () => {
    await book('c-poor', [{ merchant_uid: 'poor', at: START + 60 }], 'insufficientBalance');
    await book(
      'c-once',
      [
        { merchant_uid: 'once-1', at: START + 120 },
        { merchant_uid: 'once-2', at: START + 180 },
      ],
      'firstChargeOnly',
    );
    await book('c-away', [{ merchant_uid: 'away', at: START + 240 }], 'issuerUnreachable');
    await emulator.advanceClock(300);

    const outcome = async (uid: string) => {
      const s = await schedule(uid);
      const p = await payment(s?.imp_uid);
      return [s?.payment_status, s?.fail_reason, p?.status, p?.customer_uid_usage];
    };
    expect(await outcome('poor')).toEqual(['failed', '잔액부족', 'failed', 'payment.scheduled']);
    expect(await outcome('once-1')).toEqual(['paid', null, 'paid', 'payment.scheduled']);
    expect(await outcome('once-2')).toEqual(['failed', '한도초과', 'failed', 'payment.scheduled']);
    // the issuer could not be reached: the attempt is recorded as failed, with the reason
    expect(await outcome('away')).toEqual([
      'failed',
      expect.stringContaining('카드사와 통신할 수 없습니다'),
      'failed',
      'payment.scheduled',
    ]);
    expect(received().map((f) => [f.merchant_uid, f.status])).toEqual([
      ['poor', 'failed'],
      ['once-1', 'paid'],
      ['once-2', 'failed'],
      ['away', 'failed'],
    ]);
  });

  it('9987 (한도초과) and 9979 (정지된 카드) run as failed charges with their fail_reason, each with its webhook', async () => {
    await book('c-limit', [{ merchant_uid: 'limit', at: START + 60 }], 'limitExceeded');
    await book('c-suspended', [{ merchant_uid: 'suspended', at: START + 120 }], 'suspended');
    await emulator.advanceClock(300);
    for (const [merchantUid, reason] of [
      ['limit', '한도초과'],
      ['suspended', '정지된 카드'],
    ] as const) {
      const s = await schedule(merchantUid);
      expect(s).toMatchObject({ schedule_status: 'executed', payment_status: 'failed', fail_reason: reason });
      expect(await payment(s?.imp_uid)).toMatchObject({
        status: 'failed',
        fail_reason: reason,
        failed_at: s?.schedule_at,
        customer_uid_usage: 'payment.scheduled',
      });
    }
    expect(received().map((f) => [f.merchant_uid, f.status])).toEqual([
      ['limit', 'failed'],
      ['suspended', 'failed'],
    ]);
  });

  it('booking with the card fields of a refused (0002) or expired (0069, or a past expiry) card: code -1, nothing booked', async () => {
    const cards = [cardFields('refused'), cardFields('expired'), { ...cardFields(), expiry: '2025-12' }];
    for (const [i, card] of cards.entries()) {
      const { status, body } = await emulator.rest('POST', '/subscribe/payments/schedule', {
        customer_uid: `c-refused-${i}`,
        ...card,
        schedules: [{ merchant_uid: `refused-${i}`, schedule_at: START + 60, amount: 9900, name: '월 구독' }],
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({ code: -1, response: null });
      expect(body.message).toContain('카드정보 인증 및 빌키 발급에 실패하였습니다.');
      expect((await emulator.rest('GET', `/subscribe/payments/schedule/refused-${i}`)).status).toBe(404);
      expect((await emulator.rest('GET', `/subscribe/customers/c-refused-${i}`)).status).toBe(404);
    }
    await emulator.advanceClock(DAY);
    expect(receiver.received).toHaveLength(0);
  });

  it('revoked schedules never run, whether unscheduled or revoked with their billing key', async () => {
    await book('c-2', [
      { merchant_uid: 'keep', at: START + 60 },
      { merchant_uid: 'drop', at: START + 120 },
    ]);
    await book('c-gone', [{ merchant_uid: 'gone', at: START + 60 }]);
    await emulator.rest('POST', '/subscribe/payments/unschedule', { customer_uid: 'c-2', merchant_uid: 'drop' });
    await emulator.rest('DELETE', '/subscribe/customers/c-gone');
    await emulator.advanceClock(DAY);
    expect((await schedule('keep'))?.schedule_status).toBe('executed');
    expect(await schedule('drop')).toMatchObject({ schedule_status: 'revoked', imp_uid: null, executed_at: 0 });
    expect(await schedule('gone')).toMatchObject({ schedule_status: 'revoked', imp_uid: null });
    expect(received().map((f) => f.merchant_uid)).toEqual(['keep']);
  });

  it('two clock advances racing never run a schedule twice', async () => {
    const items = Array.from({ length: 40 }, (_, i) => ({ merchant_uid: `race-${i}`, at: START + 60 + i * 90 }));
    await book('c-race', items);
    const [a, b] = await Promise.all([emulator.advanceClock(1800), emulator.advanceClock(1800)]);
    expect(Math.max(a ?? 0, b ?? 0)).toBe(START + 3600);
    const scheduled = (await emulator.payments()).filter((p) => p.customer_uid_usage === 'payment.scheduled');
    expect(scheduled.map((p) => p.merchant_uid).sort()).toEqual(items.map((i) => i.merchant_uid).sort());
    expect(
      received()
        .map((f) => f.merchant_uid)
        .sort(),
    ).toEqual(items.map((i) => i.merchant_uid).sort());
    const results = await emulator.schedules();
    expect(results.every((s) => s.schedule_status === 'executed' && s.executed_at === s.schedule_at)).toBe(true);
  });

  it('what a webhook receiver books during an advance runs in the same advance (a subscription renews monthly)', async () => {
    await book('c-sub', [{ merchant_uid: 'month-1', at: START + 30 * DAY }]);
    // the merchant's handler books the next month when a charge is paid, as a real one would
    receiver.answer(async (request) => {
      const done = await schedule(String(request.fields.merchant_uid));
      const n = Number(String(done?.merchant_uid).split('-')[1]);
      await emulator.rest('POST', '/subscribe/payments/schedule', {
        customer_uid: 'c-sub',
        schedules: [
          {
            merchant_uid: `month-${n + 1}`,
            schedule_at: (done?.schedule_at ?? 0) + 30 * DAY,
            amount: 9900,
            name: '월 구독',
          },
        ],
      });
      return 200;
    });
    await emulator.advanceClock(95 * DAY);
    expect(received().map((f) => f.merchant_uid)).toEqual(['month-1', 'month-2', 'month-3']);
    expect(await schedule('month-4')).toMatchObject({ schedule_status: 'scheduled', schedule_at: START + 120 * DAY });
  });

  it("a schedule's notice_url replaces the merchant callback", async () => {
    const other = await startWebhookReceiver('/other');
    try {
      await emulator.rest('POST', '/subscribe/payments/schedule', {
        customer_uid: 'c-n',
        ...cardFields(),
        schedules: [
          { merchant_uid: 'n-1', schedule_at: START + 60, amount: 1000, name: '예약', notice_url: other.url },
        ],
      });
      await emulator.advanceClock(60);
      expect(other.received.map((r) => r.fields.merchant_uid)).toEqual(['n-1']);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});

describe('scheduler on real time', () => {
  it('runs a schedule when the running clock reaches it, with no advance', async () => {
    const hook = await startWebhookReceiver();
    const running = await startTestEmulator({ callbackUrl: hook.url });
    try {
      const now = await running.now();
      await running.rest('POST', '/subscribe/payments/schedule', {
        customer_uid: 'c-rt',
        ...cardFields(),
        schedules: [{ merchant_uid: 'rt-1', schedule_at: now + 1, amount: 1000, name: '예약' }],
      });
      const [request] = await hook.waitFor(1, 4000);
      expect(request?.fields).toMatchObject({ merchant_uid: 'rt-1', status: 'paid' });
      const { body } = await running.rest<ScheduleWire>('GET', '/subscribe/payments/schedule/rt-1');
      expect(body.response).toMatchObject({ schedule_status: 'executed', payment_status: 'paid' });
      expect(body.response?.executed_at).toBeGreaterThanOrEqual(now + 1);
    } finally {
      await running.close();
      await hook.close();
    }
  });
});

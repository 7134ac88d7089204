// GET /payments/status/{payment_status}: paged lists by status and time range, every answer
// validated against the Swagger file's PaymentListResponse.
import { describe, expect, it } from 'vitest';
import type { PaymentWire } from '../kit';
import { cardFields, ServiceApi, START, uid, useEmulator } from './harness';

interface Page {
  total: number;
  previous: number;
  next: number;
  list: PaymentWire[];
}

const DAY = 86_400;

describe('Payments by status', () => {
  const s = useEmulator();
  let merchants = 0;

  /** A merchant of its own, so that each test sees only the payments it made. */
  async function merchant(): Promise<ServiceApi> {
    merchants += 1;
    const code = `imp7000000${merchants}`;
    await s.emulator.upsertMerchant({ code, key: `list-key-${merchants}`, secret: 'list-secret' });
    return new ServiceApi(s.emulator.url, { imp_key: `list-key-${merchants}`, imp_secret: 'list-secret' });
  }
  const pay = async (api: ServiceApi, card: Parameters<typeof cardFields>[0] = 'approved') => {
    const answer = await api.post<PaymentWire>('/subscribe/payments/onetime', 'PaymentResponse', {
      merchant_uid: uid(),
      amount: 1000,
      ...cardFields(card),
    });
    return answer.body.response as PaymentWire;
  };
  const list = (api: ServiceApi, path: string) => api.get<Page>(path, 'PaymentListResponse');
  const uids = (page: Page | null) => page?.list.map((p) => p.imp_uid);

  it('pages a status newest first: total, previous and next (0 when there is none)', async () => {
    const api = await merchant();
    const paid: PaymentWire[] = [];
    for (let i = 0; i < 5; i++) {
      paid.push(await pay(api));
      await s.emulator.advanceClock(60);
    }
    const newestFirst = paid.map((p) => p.imp_uid).reverse();
    const first = await list(api, '/payments/status/paid?limit=2');
    expect(first.body.response).toMatchObject({ total: 5, previous: 0, next: 2 });
    expect(uids(first.body.response)).toEqual(newestFirst.slice(0, 2));
    const last = await list(api, '/payments/status/paid?limit=2&page=3');
    expect(last.body.response).toMatchObject({ total: 5, previous: 2, next: 0 });
    expect(uids(last.body.response)).toEqual(newestFirst.slice(4));
    const oldestFirst = await list(api, '/payments/status/paid?sorting=started');
    expect(uids(oldestFirst.body.response)).toEqual(paid.map((p) => p.imp_uid));
    expect(oldestFirst.body.response).toMatchObject({ total: 5, previous: 0, next: 0 });
  });

  it('each payment is listed under its current status, and all lists every status', async () => {
    const api = await merchant();
    const paid = await pay(api);
    const failed = await pay(api, 'insufficientBalance');
    const refunded = await pay(api);
    const partly = await pay(api);
    await api.post('/payments/cancel', 'PaymentResponse', { imp_uid: refunded.imp_uid });
    await api.post('/payments/cancel', 'PaymentResponse', { imp_uid: partly.imp_uid, amount: 100 });
    const sortedUids = (page: Page | null) => uids(page)?.sort();
    expect(sortedUids((await list(api, '/payments/status/paid')).body.response)).toEqual(
      [paid.imp_uid, partly.imp_uid].sort(),
    );
    expect(uids((await list(api, '/payments/status/failed')).body.response)).toEqual([failed.imp_uid]);
    expect(uids((await list(api, '/payments/status/cancelled')).body.response)).toEqual([refunded.imp_uid]);
    expect((await list(api, '/payments/status/ready')).body.response).toEqual({
      total: 0,
      previous: 0,
      next: 0,
      list: [],
    });
    const all = await list(api, '/payments/status/all?limit=10');
    expect(all.body.response?.total).toBe(4);
    expect((await list(api, '/payments/status/cancelled')).body.response?.list[0]).toMatchObject({
      status: 'cancelled',
      cancel_amount: 1000,
    });
  });

  it('from and to (both inclusive) compare with the time of the current status; default: the last 90 days', async () => {
    const api = await merchant();
    const early = await pay(api);
    await s.emulator.advanceClock(DAY);
    const cancelledAt = await s.emulator.now();
    await api.post('/payments/cancel', 'PaymentResponse', { imp_uid: early.imp_uid });
    const byPaidTime = await list(api, `/payments/status/cancelled?from=${early.paid_at}&to=${cancelledAt - 1}`);
    expect(byPaidTime.body.response?.total).toBe(0);
    const byCancelTime = await list(api, `/payments/status/cancelled?from=${cancelledAt}&to=${cancelledAt}`);
    expect(uids(byCancelTime.body.response)).toEqual([early.imp_uid]);
    await s.emulator.advanceClock(91 * DAY);
    const recent = await pay(api);
    expect(uids((await list(api, '/payments/status/all')).body.response)).toEqual([recent.imp_uid]);
    const past = await list(api, `/payments/status/all?from=${START}&to=${START + 90 * DAY}`);
    expect(uids(past.body.response)).toEqual([early.imp_uid]);
  });

  it("another merchant's payments are never listed", async () => {
    const mine = await merchant();
    const theirs = await merchant();
    await pay(theirs);
    expect((await list(mine, '/payments/status/all')).body.response?.total).toBe(0);
  });

  it('answers 400 naming the parameter for a bad status, page, limit, range or sorting', async () => {
    const api = await merchant();
    await pay(api);
    for (const [query, field] of [
      ['/payments/status/done', 'payment_status'],
      ['/payments/status/paid?page=2', 'page'],
      ['/payments/status/paid?page=0', 'page'],
      ['/payments/status/paid?limit=1001', 'limit'],
      ['/payments/status/paid?limit=x', 'limit'],
      [`/payments/status/paid?from=${START}&to=${START + 91 * DAY}`, 'to'],
      [`/payments/status/paid?from=${START + 10}&to=${START}`, 'from'],
      ['/payments/status/paid?sorting=name', 'sorting'],
    ] as const) {
      const answer = await list(api, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message).toMatch(new RegExp(`^${field}: `));
    }
  });
});

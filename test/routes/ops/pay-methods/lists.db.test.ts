// The console's lists by how a payment was made: the method on each row of the payment search and
// the order queue, the method filter carried into the query (an unknown method is a 400), and the
// 입금 대기 queue of 가상계좌 orders by due time with 곧 마감 and 기한 지남 judged on the service's clock.
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as depositsRoute } from '@/app/api/ops/deposits/route';
import { GET as ordersRoute } from '@/app/api/ops/orders/route';
import { GET as searchRoute } from '@/app/api/ops/payments/route';
import { GET as shipmentsRoute } from '@/app/api/ops/shipments/route';
import type { DepositPage } from '@/lib/ops/client/deposits';
import type { Page } from '@/lib/ops/client/lists';
import type { OpsOrder } from '@/lib/ops/client/orders';
import type { PaymentRow } from '@/lib/ops/client/payments';
import { setupAppTest } from '@/test/app-harness';
import { createTestCard } from '@/test/factories';
import { paidDelivery } from '@/test/kits/fulfilment';
import { callOps, type SignedInOperator, signedInOperator } from '@/test/kits/ops';
import { Shopper } from '@/test/kits/orders';
import { awaitingVbank, deposit } from './vbank-orders';

const app = setupAppTest();
let viewer: SignedInOperator;

beforeAll(async () => {
  viewer = await signedInOperator('viewer');
});

const get = (handler: unknown, path: string) => callOps(handler, path, { cookie: viewer.cookie });
const ok = async <T>(response: Response): Promise<T> => {
  expect(response.status).toBe(200);
  return response.json();
};

describe('the method on the lists and the filter by it', () => {
  it('shows each payment and order by its method, and filters on the server', async () => {
    const shopper = await Shopper.signUp();
    await createTestCard(shopper.user.id);
    const byCard = await paidDelivery(shopper);
    const waiting = await awaitingVbank(app.emulator(), shopper);
    const paid = await awaitingVbank(app.emulator(), shopper);
    await deposit(app.emulator(), paid);

    const email = encodeURIComponent(shopper.user.email);
    const all = await ok<Page<PaymentRow>>(await get(searchRoute, `/api/ops/payments?email=${email}`));
    expect(Object.fromEntries(all.rows.map((row) => [row.merchantUid, [row.payMethod, row.status]]))).toEqual({
      [byCard.merchantUid]: ['card', 'paid'],
      [waiting.merchantUid]: ['vbank', 'awaiting'],
      [paid.merchantUid]: ['vbank', 'paid'],
    });
    const vbank = await ok<Page<PaymentRow>>(await get(searchRoute, `/api/ops/payments?email=${email}&method=vbank`));
    expect(vbank.total).toBe(2);
    expect(vbank.rows.map((row) => row.merchantUid).sort()).toEqual([waiting.merchantUid, paid.merchantUid].sort());
    const none = await ok<Page<PaymentRow>>(await get(searchRoute, `/api/ops/payments?email=${email}&method=phone`));
    expect(none).toMatchObject({ rows: [], total: 0 });

    // The order queue: the paid 가상계좌 order waits to ship beside the card's; the filter keeps one.
    const toShip = await ok<{ rows: OpsOrder[] }>(await get(ordersRoute, '/api/ops/orders?queue=to_ship'));
    expect(toShip.rows.find((order) => order.merchantUid === paid.merchantUid)?.payMethod).toBe('vbank');
    expect(toShip.rows.find((order) => order.merchantUid === byCard.merchantUid)?.payMethod).toBe('card');
    const vbankOnly = await ok<{ rows: OpsOrder[] }>(
      await get(ordersRoute, '/api/ops/orders?queue=to_ship&method=vbank'),
    );
    expect(vbankOnly.rows.map((order) => order.merchantUid)).toEqual([paid.merchantUid]);
    // No subscription's key pays by 가상계좌: no box.
    expect(await ok(await get(shipmentsRoute, '/api/ops/shipments?queue=to_ship&method=vbank'))).toEqual({ rows: [] });
  });

  it('answers an unknown method with a 400 on every list', async () => {
    for (const [handler, path] of [
      [searchRoute, '/api/ops/payments?method=bitcoin'],
      [ordersRoute, '/api/ops/orders?method=bitcoin'],
      [shipmentsRoute, '/api/ops/shipments?method=VBANK'],
      [depositsRoute, '/api/ops/deposits?state=later'],
    ] as const) {
      const answer = await get(handler, path);
      expect(answer.status, path).toBe(400);
      expect((await answer.json()).error.code).toBeTruthy();
    }
  });
});

describe('the 입금 대기 queue', () => {
  it('lists 가상계좌 orders awaiting their deposit by due time, due soon and expired marked on the service clock', async () => {
    const shopper = await Shopper.signUp();
    const now = await app.emulator().now();
    const later = await awaitingVbank(app.emulator(), shopper); // the checkout's 3 days
    const soon = await awaitingVbank(app.emulator(), shopper, { due: now + 3 * 3600, bank: '088' });
    const lapsing = await awaitingVbank(app.emulator(), shopper, { due: now + 3600 });
    const paid = await awaitingVbank(app.emulator(), shopper);
    await deposit(app.emulator(), paid);

    const before = await ok<DepositPage>(await get(depositsRoute, '/api/ops/deposits'));
    const mine = (page: DepositPage) =>
      page.rows.filter((row) => [later, soon, lapsing].some((order) => order.merchantUid === row.merchantUid));
    expect(mine(before).map((row) => [row.merchantUid, row.state])).toEqual([
      [lapsing.merchantUid, 'due_soon'],
      [soon.merchantUid, 'due_soon'],
      [later.merchantUid, 'waiting'],
    ]);
    expect(before.rows.some((row) => row.merchantUid === paid.merchantUid)).toBe(false);
    expect(mine(before)[1]).toMatchObject({
      amount: soon.amount,
      bankName: expect.stringContaining('신한'),
      accountNumber: expect.stringMatching(/\d/),
      due: now + 3 * 3600,
      customerEmail: shopper.user.email,
    });

    // The first deadline passes at the service (no notice comes): the order still awaits, now expired.
    await app.emulator().advanceClock(2 * 3600);
    const after = await ok<DepositPage>(await get(depositsRoute, '/api/ops/deposits'));
    expect(after.now).toBeGreaterThanOrEqual(now + 2 * 3600);
    expect(mine(after).map((row) => row.state)).toEqual(['expired', 'due_soon', 'waiting']);
    const expired = await ok<DepositPage>(await get(depositsRoute, '/api/ops/deposits?state=expired'));
    expect(expired.rows.map((row) => row.merchantUid)).toEqual([lapsing.merchantUid]);
    const dueSoon = await ok<DepositPage>(await get(depositsRoute, '/api/ops/deposits?state=due_soon'));
    expect(dueSoon.rows.map((row) => row.merchantUid)).toEqual([soon.merchantUid]);
  });
});

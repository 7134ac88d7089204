// How many statements the purchase path runs (each is one transaction), on PGlite and on
// PostgreSQL, so that extra round trips cannot creep back in: a one-click purchase at most 4
// (session, card, order, its outcome), and the notice of a payment its answer already settled 1
// (it finds that out and records the delivery in one statement, without asking the service); the
// order list 2 (session, and the list written as JSON by the database), the same as the rows mapped.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { webhookDeliveries } from '@/lib/db/schema';
import { orderHistory } from '@/lib/orders/history';
import { failureWords } from '@/lib/payments/failure-words';
import { setupAppTest } from '@/test/app-harness';
import { statementsRun } from '@/test/db';
import { deliverNotice, newKey, Shopper } from '@/test/kits/orders';

const app = setupAppTest();

async function counted<T>(operation: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const before = statementsRun();
  const result = await operation();
  return { result, statements: statementsRun() - before };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('statements per operation of the purchase path', () => {
  it('a one-click purchase: at most 4; the notice the answer already settled: 1, with no call to the service', async () => {
    const shopper = await Shopper.withCard();
    await shopper.buyNow(); // the service token is fetched once per process, not per purchase
    const { result: order, statements } = await counted(() => shopper.buyNow());
    expect(order.status).toBe('paid');
    expect(statements).toBeLessThanOrEqual(4);

    const [payment] = (await app.emulator().payments()).filter((p) => p.merchant_uid === order.merchantUid);
    if (!payment) throw new Error('no payment');
    const reads = vi.spyOn(app.client().payments, 'get');
    const notice = await counted(async () =>
      (await deliverNotice({ imp_uid: payment.imp_uid, merchant_uid: order.merchantUid, status: 'paid' })).json(),
    );
    expect(notice.result).toEqual({ received: true, outcome: 'order paid' });
    expect(notice.statements).toBe(1);
    expect(reads).not.toHaveBeenCalled();
    const [row] = await app.db().select().from(webhookDeliveries).where(eq(webhookDeliveries.impUid, payment.imp_uid));
    expect(row).toMatchObject({ outcome: 'order paid', hint: { status: 'paid', merchant_uid: order.merchantUid } });
    expect(row?.processedAt).toBeInstanceOf(Date);
  });

  it('a notice that says something else than the order holds is read back from the service as before', async () => {
    const shopper = await Shopper.withCard();
    const order = await shopper.buyNow();
    const [payment] = (await app.emulator().payments()).filter((p) => p.merchant_uid === order.merchantUid);
    if (!payment) throw new Error('no payment');
    const reads = vi.spyOn(app.client().payments, 'get');
    // A stale or forged status: the service's record (paid) decides, and the order stays paid.
    const response = await deliverNotice({
      imp_uid: payment.imp_uid,
      merchant_uid: order.merchantUid,
      status: 'cancelled',
    });
    expect(await response.json()).toEqual({ received: true, outcome: 'order paid' });
    expect(reads).toHaveBeenCalledTimes(1);
    // Another imp_uid for the order (a second payment): read back too, never taken as settled.
    const other = await deliverNotice({ imp_uid: 'imp_000000000000', merchant_uid: order.merchantUid, status: 'paid' });
    expect(await other.json()).toMatchObject({ received: true, outcome: 'ignored: the service has no such payment' });
    expect(reads).toHaveBeenCalledTimes(2);
    expect(await shopper.orders()).toEqual([order]);
  });
});

describe('statements per order list', () => {
  it('2 (the session, the list as JSON), equal to the orders mapped one by one', async () => {
    const shopper = await Shopper.withCard();
    await shopper.buyNow();
    const sheet = {
      productId: 'drip-bag-20',
      idempotencyKey: newKey(),
      quantity: 2,
      shipping: { recipient: '김하늘', phone: '01023456789', postcode: '04524', address: '서울 중구 세종대로 110' },
    };
    expect((await shopper.buyNowRaw(sheet)).status).toBe(201);
    await shopper.buyNow('ceramic-mug');
    const { result: listed, statements } = await counted(() => shopper.orders());
    expect(statements).toBe(2);
    expect(listed).toHaveLength(3);
    expect(listed[1]).toMatchObject({ quantity: 2, shipping: { recipient: '김하늘', phone: '010-2345-6789' } });
    expect(listed).toEqual(await orderHistory(shopper.user.id));
    expect(await Shopper.withCard().then((other) => other.orders())).toEqual([]);
  });

  it('a failed order keeps the customer’s words for its reason, not the gateway’s text', async () => {
    const shopper = await Shopper.withCard('4000-0000-0000-9995');
    await shopper.buyNow();
    const [failed] = await shopper.orders();
    expect(failed?.status).toBe('failed');
    expect(failed?.failReason).toBe(failureWords('잔액부족'));
    expect(failed?.failReason).not.toContain('잔액부족');
  });
});

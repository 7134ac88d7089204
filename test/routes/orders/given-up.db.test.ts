// A one-click order this app declared failed with no payment on record — a charge whose answer was
// lost and that could no longer arrive — told its customer nothing was charged and to try again.
// The customer does; if the lost charge lands after all, it buys nothing: refunded, never applied
// (else the customer pays twice for the one thing they meant to buy).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cards, orders } from '@/lib/db/schema';
import { setupAppTest } from '@/test/app-harness';
import { deliverNotice, Shopper } from '@/test/kits/orders';

const app = setupAppTest();

const paymentsOf = async (merchantUid: string) =>
  (await app.emulator().payments()).filter((payment) => payment.merchant_uid === merchantUid);

describe('a lost one-click charge that lands after the order was declared failed', () => {
  it('is refunded; the order the customer placed again stays the one paid', async () => {
    const shopper = await Shopper.withCard();
    await app.emulator().injectFault({ method: 'POST', path: '/subscribe/payments/again', action: 'hang' });
    const lost = await shopper.buyNow();
    expect(lost.status).toBe('pending');
    await app
      .db()
      .update(orders)
      .set({ updatedAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(orders.merchantUid, lost.merchantUid));
    expect((await shopper.orders()).find((o) => o.merchantUid === lost.merchantUid)).toMatchObject({
      status: 'failed',
      failReason: expect.stringContaining('다시 시도'),
    });
    const again = await shopper.buyNow();
    expect(again.status).toBe('paid');

    // The hung request reaches the issuer after all.
    const [card] = await app.db().select().from(cards).where(eq(cards.userId, shopper.user.id));
    const late = await app.client().charges.again({
      merchant_uid: lost.merchantUid,
      customer_uid: card?.customerUid ?? '',
      amount: lost.amount,
      name: lost.productName,
    });
    if (late.outcome !== 'paid') throw new Error(`the late charge was not paid: ${late.outcome}`);
    expect((await deliverNotice(late.payment)).status).toBe(200);

    expect((await paymentsOf(lost.merchantUid)).map((p) => p.status)).toEqual(['cancelled']);
    const statuses = Object.fromEntries((await shopper.orders()).map((o) => [o.merchantUid, o.status]));
    expect(statuses).toEqual({ [lost.merchantUid]: 'refunded', [again.merchantUid]: 'paid' });
  });
});

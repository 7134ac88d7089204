// Reconciliation's sweep over the service's own list of our paid payments (GET
// /payments/status/paid with from/to paging): money that nothing here accounts for is found,
// settled by its owner or refunded, and reported; money that is accounted for is left alone.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptionCharges, subscriptions } from '@/lib/db/schema';
import type { IamportClient } from '@/lib/iamport';
import { mintServiceId } from '@/lib/payments/ids';
import { reconcile } from '@/lib/reconciliation/reconcile';
import { setupAppTest } from '@/test/app-harness';
import { cardFields } from '@/test/emulator/kit';
import { Customer } from '@/test/kits/cards';
import { Shopper } from '@/test/kits/orders';
import { withOverride } from '@/test/kits/overrides';

const app = setupAppTest({ clock: { start: new Date('2026-03-02T03:00:00Z'), frozen: true } });

const status = async (impUid: string) => (await app.client().payments.get({ imp_uid: impUid })).status;
const payKeyIn = async (merchant_uid: string, amount: number) => {
  const paid = await app.client().charges.onetime({ merchant_uid, amount, name: '테스트', ...cardFields() });
  if (paid.outcome !== 'paid') throw new Error('not paid');
  return paid.payment;
};

describe('the sweep of our paid payments', () => {
  it('refunds what nothing accounts for, settles what its owner can take, leaves paid orders alone', async () => {
    const start = await app.emulator().now();
    const shopper = await Shopper.withCard();
    const bought = await shopper.buyNow();
    // A card registration that took money (scenario 4 before its fix), its notice lost.
    const customer = await Customer.signUp();
    const registration = await customer.startWindow();
    const underRegistration = await payKeyIn(registration.merchantUid, 50_000);
    // A payment under an order number this app never minted into an order.
    const stranger = await payKeyIn(mintServiceId('ord'), 12_000);
    // A window checkout paid whose browser never came back and whose notice was lost.
    const checkout = await shopper.startCheckout();
    const { rsp } = await shopper.payInWindow(app.emulator(), checkout);
    await app.emulator().advanceClock(60);

    const report = await reconcile({ sweepFrom: start });
    expect(report.payments).toMatchObject({ refunded: 2, errors: [] });
    expect(report.payments.found).toEqual(
      expect.arrayContaining([
        `${registration.merchantUid}: refunded: a card registration took money`,
        expect.stringMatching(new RegExp(`^${stranger.merchant_uid}: refunded: not accounted for`)),
      ]),
    );
    expect(await status(underRegistration.imp_uid)).toBe('cancelled');
    expect(await status(stranger.imp_uid)).toBe('cancelled');
    expect(await status(rsp.imp_uid ?? '')).toBe('paid');
    expect((await shopper.orders()).map((o) => o.status)).toEqual(['paid', 'paid']);
    expect(bought.status).toBe('paid');

    // A second run finds nothing more to do.
    const again = await reconcile({ sweepFrom: start });
    expect(again.payments).toMatchObject({ settled: 0, refunded: 0, found: [], errors: [] });
  });

  it('a booking given up on long ago that ran anyway is refunded by the sweep', async () => {
    const start = await app.emulator().now();
    const shopper = await Shopper.withCard();
    const cards = await shopper.customer.cards();
    const card = await app.db().query.cards.findFirst({ where: (t, { eq: is }) => is(t.id, cards[0]?.id ?? '') });
    const merchantUid = mintServiceId('ren');
    // A charge this app revoked days ago (so reconciliation no longer rechecks its booking).
    const [subscription] = await app
      .db()
      .insert(subscriptions)
      .values({
        userId: shopper.user.id,
        planId: 'monthly-beans',
        planName: '월간 원두 정기배송',
        amount: 19_900,
        cardId: card?.id ?? '',
        status: 'cancelled',
        idempotencyKey: crypto.randomUUID(),
      })
      .returning();
    await app
      .db()
      .insert(subscriptionCharges)
      .values({
        subscriptionId: subscription?.id ?? '',
        merchantUid,
        kind: 'renewal',
        periodStart: start - 10 * 86_400,
        periodEnd: start + 20 * 86_400,
        scheduleAt: start - 10 * 86_400,
        amount: 19_900,
        customerUid: card?.customerUid ?? '',
        status: 'revoked',
      });
    const ran = await app.client().charges.again({
      merchant_uid: merchantUid,
      customer_uid: card?.customerUid ?? '',
      amount: 19_900,
      name: '월간 원두 정기배송',
    });
    if (ran.outcome !== 'paid') throw new Error('not paid');
    const report = await reconcile({ sweepFrom: start });
    expect(report.payments.found).toEqual([`${merchantUid}: refunded: the charge had been given up`]);
    expect(await status(ran.payment.imp_uid)).toBe('cancelled');
    const [charge] = await app
      .db()
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.merchantUid, merchantUid));
    expect(charge?.status).toBe('refunded');
  });
});

/** The app's client, except that reading this order throws what no one expected (a bug, a record out of shape). */
const breakingOn = (client: IamportClient, merchantUid: string): IamportClient => ({
  ...client,
  charges: {
    ...client.charges,
    resolve: async (input) => {
      if (input.merchant_uid === merchantUid) throw new TypeError('Cannot read properties of undefined');
      return client.charges.resolve(input);
    },
  },
});

describe('a reconciliation run', () => {
  it('reports an order it cannot process and still settles the rest', async () => {
    const start = await app.emulator().now();
    const shopper = await Shopper.withCard();
    const broken = await shopper.startCheckout();
    await shopper.payInWindow(app.emulator(), broken);
    const fine = await shopper.startCheckout();
    await shopper.payInWindow(app.emulator(), fine);

    const report = await withOverride('iamport', breakingOn(app.client(), broken.merchantUid), () =>
      reconcile({ sweepFrom: start }),
    );
    expect(report.orders.settled).toBe(1);
    expect(report.orders.errors).toEqual([`${broken.merchantUid}: TypeError: Cannot read properties of undefined`]);
    // The next phase still ran: the sweep found the broken order's payment and applied it.
    expect(report.payments.found).toEqual([expect.stringMatching(new RegExp(`^${broken.merchantUid}: order paid`))]);
    expect((await shopper.orders()).map((o) => o.status)).toEqual(['paid', 'paid']);
  });
});

// A wallet's billing key charged like a card's: 바로 구매 and a subscription's first charge and
// renewals go through /subscribe/payments/again and the service's schedules unchanged, and what
// the customer reads names the wallet. 010-4000-9995's key is charged and refused: the order fails,
// a renewal goes past due as on a 잔액부족 card. Real emulator (its clock and webhooks), real database.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cards, orders } from '@/lib/db/schema';
import type { OrderSummary } from '@/lib/orders/order-view';
import { Customer } from '@/test/kits/cards';
import { Shopper } from '@/test/kits/orders';
import { DAY, HOUR, Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';
import { WALLET_PHONES, walletKept } from './wallet-kit';

const app = setupSubscriptionTest();

async function buyWith(
  customer: Customer,
  cardId: string,
  idempotencyKey = randomUUID(),
): Promise<{ status: number; order: OrderSummary }> {
  const response = await Shopper.of(customer).buyNowRaw({ productId: 'drip-bag-20', idempotencyKey, cardId });
  return { status: response.status, order: ((await response.json()) as { order: OrderSummary }).order };
}

const paymentsOf = async (customerUid: string) =>
  (await app.emulator().payments()).filter((payment) => payment.customer_uid === customerUid);

describe('charging a wallet key', () => {
  it('바로 구매 on 카카오페이: paid on its key, the order says 카카오페이; a repeat finds the same order', async () => {
    const customer = await Customer.signUp();
    const walletId = await walletKept(customer, app.emulator(), 'kakaopay');
    const idempotencyKey = randomUUID();
    const { status, order } = await buyWith(customer, walletId, idempotencyKey);
    expect(status).toBe(201);
    const repeat = await buyWith(customer, walletId, idempotencyKey);
    expect(repeat.status).toBe(200);
    expect(repeat.order).toMatchObject({ id: order.id, status: 'paid' });
    expect(order).toMatchObject({ status: 'paid', cardLabel: '카카오페이', payMethod: 'kakaopay' });
    const [row] = await app.db().select().from(orders).where(eq(orders.id, order.id));
    const [payment] = (await app.emulator().payments()).filter((p) => p.imp_uid === row?.impUid);
    expect(payment).toMatchObject({ status: 'paid', pg_provider: 'kakaopay', amount: order.amount });
  });

  it('바로 구매 on the 9995 wallet: the charge is refused, the order failed, nothing paid', async () => {
    const customer = await Customer.signUp();
    const walletId = await walletKept(customer, app.emulator(), 'naverpay', WALLET_PHONES.chargesFail);
    const { order } = await buyWith(customer, walletId);
    expect(order).toMatchObject({ status: 'failed', cardLabel: '네이버페이', payMethod: 'naverpay' });
    expect(order.failReason).toBeTruthy();
    const [row] = await app.db().select().from(orders).where(eq(orders.id, order.id));
    expect(
      (await app.emulator().payments()).filter((p) => p.merchant_uid === row?.merchantUid && p.status === 'paid'),
    ).toEqual([]);
  });

  it('a subscription on 토스페이: the terms name it, the first charge and the renewals run on its key', async () => {
    const subscriber = Subscriber.of(await Customer.signUp());
    const walletId = await walletKept(subscriber.customer, app.emulator(), 'tosspay');
    const offer = await subscriber.offer('hourly-demo');
    expect(offer).toMatchObject({ cardId: walletId, cardLabel: '토스페이' });
    expect(offer.text).toContain('결제수단: 토스페이');

    const first = await subscriber.subscribe('hourly-demo');
    expect(first).toMatchObject({ status: 'active', card: { id: walletId, label: '토스페이' } });
    const end = first.currentPeriodEnd ?? 0;
    await app.emulator().advanceTo(end + 2 * HOUR);
    const renewed = await subscriber.get(first.id);
    expect(renewed.status).toBe('active');
    expect(renewed.currentPeriodEnd).toBe(end + 3 * HOUR);
    const paid = renewed.charges.filter((charge) => charge.status === 'paid');
    expect(paid.map((charge) => charge.kind)).toEqual(['renewal', 'renewal', 'renewal', 'first']);

    const [wallet] = await app.db().select().from(cards).where(eq(cards.id, walletId));
    // The registration's issuance (amount 0) aside: the charges.
    const charged = (await paymentsOf(wallet?.customerUid ?? '')).filter(
      (payment) => payment.status === 'paid' && payment.amount > 0,
    );
    expect(charged.map((payment) => payment.merchant_uid).sort()).toEqual(
      paid.map((charge) => charge.merchantUid).sort(),
    );
    expect(charged.every((payment) => payment.pg_provider === 'tosspay')).toBe(true);
  });

  it('a free trial on 네이버페이: the conversion terms name the wallet, not a card, and consent to them books the charge', async () => {
    const subscriber = Subscriber.of(await Customer.signUp());
    await walletKept(subscriber.customer, app.emulator(), 'naverpay');
    const s = await subscriber.subscribe('tasting-club');
    const trialEnd = s.trialEndsAt ?? 0;
    await app.emulator().advanceTo(trialEnd - 10 * DAY);
    const asked = await subscriber.get(s.id);
    expect(asked.trial?.text).toContain('결제수단: 네이버페이');
    expect(asked.trial?.text.join('\n')).not.toContain('결제 카드');
    expect((await subscriber.decideTrial(s.id, 'convert')).status).toBe(200);
    expect(await subscriber.get(s.id)).toMatchObject({ nextCharge: { at: trialEnd }, trial: { decision: 'convert' } });
  });

  it('a renewal on the 9995 wallet fails as on a 잔액부족 card: past due, access kept, a retry booked', async () => {
    const subscriber = Subscriber.of(await Customer.signUp());
    await walletKept(subscriber.customer, app.emulator(), 'kakaopay');
    const first = await subscriber.subscribe('hourly-demo');
    // The customer moves the subscription to a wallet whose every charge fails.
    const failing = await walletKept(subscriber.customer, app.emulator(), 'kakaopay', WALLET_PHONES.chargesFail);
    expect((await subscriber.changeCard(first.id, failing)).status).toBe(200);
    const due = first.currentPeriodEnd ?? 0;
    await app.emulator().advanceTo(due);
    const dunning = await subscriber.get(first.id);
    expect(dunning).toMatchObject({
      status: 'past_due',
      hasAccess: true,
      card: { id: failing, label: '카카오페이' },
      nextCharge: { kind: 'retry', attempt: 1 },
    });
    expect(dunning.charges[1]).toMatchObject({ kind: 'renewal', status: 'failed', failReason: expect.any(String) });
    // Its card cannot be removed while the subscription will charge it again.
    const refused = await subscriber.customer.remove(failing);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
      '정기구독의 결제수단입니다',
    );
  });
});

// Issue 12, scenario 6: buyer fields are fitted to the service's limits (buyer_email 64,
// buyer_name 16) in one place; a value that does not fit is left out, never a reason to fail.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@/lib/db/schema';
import { setupAppTest } from '@/test/app-harness';
import { Shopper } from '@/test/kits/orders';
import { Subscriber } from '@/test/kits/subscriptions';

const app = setupAppTest();

/** A valid address of 70 characters: more than the service's 64. */
const longEmail = () => `${'a'.repeat(50)}.${crypto.randomUUID().slice(0, 6)}@example.com`.padEnd(70, 'm');
const giveLongEmail = async (userId: string) => {
  const email = longEmail();
  await app.db().update(users).set({ email, name: '김수한무거북이와두루미삼천갑자동방삭' }).where(eq(users.id, userId));
  return email;
};

describe('scenario 6: valid emails longer than the service takes', () => {
  it('buy now: paid, the email and an over-long name left out of the payment', async () => {
    const shopper = await Shopper.withCard();
    await giveLongEmail(shopper.user.id);
    const response = await shopper.buyNowRaw({ productId: 'drip-bag-20', idempotencyKey: crypto.randomUUID() });
    expect(response.status).toBeLessThan(300);
    const { order } = await response.json();
    expect(order.status).toBe('paid');
    const payment = (await app.emulator().payments()).find((p) => p.merchant_uid === order.merchantUid);
    expect(payment).toMatchObject({ status: 'paid', buyer_email: null, buyer_name: null });
  });

  it('subscribe: active and the next charge booked', async () => {
    const subscriber = await Subscriber.withCard();
    await giveLongEmail(subscriber.user.id);
    const subscription = await subscriber.subscribe();
    expect(subscription).toMatchObject({ status: 'active', nextCharge: { kind: 'renewal' } });
  });

  it('window checkout: the window params leave the email out', async () => {
    const shopper = await Shopper.signUp();
    await giveLongEmail(shopper.user.id);
    const checkout = await shopper.startCheckout();
    expect(checkout.buyerEmail).toBeUndefined();
    const { rsp } = await shopper.payInWindow(app.emulator(), checkout);
    const response = await shopper.verify({ merchant_uid: checkout.merchantUid, imp_uid: rsp.imp_uid });
    expect((await response.json()).order.status).toBe('paid');
  });
});

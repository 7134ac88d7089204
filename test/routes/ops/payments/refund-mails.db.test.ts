// Issue 23.3: a refund from the console mails the customer — full or partial, of an order or a
// subscription charge — one mail per refund (a second partial refund has its own), sent once: the
// service's later notice of the same refund finds the mail there and queues none.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as refundRoute } from '@/app/api/ops/payments/[merchantUid]/refunds/route';
import { mailOutbox, subscriptionCharges } from '@/lib/db/schema';
import { caughtTo, drainMail, setupMailCatcher } from '@/test/kits/mail';
import { auditOf, callOps, type SignedInOperator, signedInOperator } from '@/test/kits/ops';
import { Shopper } from '@/test/kits/orders';
import { deliver, notice, Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';

const app = setupSubscriptionTest();
const catcher = setupMailCatcher();
let refunder: SignedInOperator;

beforeAll(async () => {
  refunder = await signedInOperator('refunder');
});

const refund = async (
  merchantUid: string,
  amount: number,
  refundable: number,
  reason = 'customer_request',
  note = '',
) => {
  const response = await callOps(refundRoute, `/api/ops/payments/${merchantUid}/refunds`, {
    method: 'POST',
    cookie: refunder.cookie,
    params: { merchantUid },
    body: { amount, refundable, reason, note },
  });
  expect(response.status).toBe(200);
};

const refundMails = (impUid: string) =>
  app
    .db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'refund'), eq(mailOutbox.subject, impUid)));

/** The service's notice of the payment, delivered as it would arrive after a console refund. */
const noticeOf = async (impUid: string, merchantUid: string, status: string) => {
  expect((await deliver(notice(impUid, merchantUid, status))).status).toBe(200);
};

async function expectMailed(email: string, impUid: string, amounts: number[]) {
  const sorted = [...amounts].sort((a, b) => a - b);
  expect((await refundMails(impUid)).map((row) => Number(row.payload.amount)).sort((a, b) => a - b)).toEqual(sorted);
  await drainMail(await app.emulator().now());
  const caught = caughtTo(catcher(), email).filter((mail) => mail.subject.includes('환불 안내'));
  const said = caught.map((mail) => Number(mail.text.match(/([\d,]+)원을 환불했습니다/)?.[1]?.replaceAll(',', '')));
  expect(said.sort((a, b) => a - b)).toEqual(sorted);
}

describe('console refunds mail the customer, once per refund', () => {
  it('an order: two partial refunds and then the rest, each its own mail; the notices add none', async () => {
    const shopper = await Shopper.withCard();
    const order = await shopper.buyNow('drip-bag-20');
    await refund(order.merchantUid, 3_000, 15_900);
    await refund(order.merchantUid, 2_000, 12_900);
    await refund(order.merchantUid, 10_900, 10_900);
    const [mine] = await shopper.orders();
    const impUid = (await app.emulator().payments()).find((p) => p.merchant_uid === order.merchantUid)?.imp_uid ?? '';
    expect(mine).toMatchObject({ status: 'refunded', refundedAmount: 15_900 });
    await noticeOf(impUid, order.merchantUid, 'cancelled');
    await noticeOf(impUid, order.merchantUid, 'cancelled');
    await expectMailed(shopper.user.email, impUid, [3_000, 2_000, 10_900]);
  });

  it('a subscription charge: a partial refund and then the rest, each its own mail; the notice adds none', async () => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe('monthly-beans');
    const [charge] = await app
      .db()
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.subscriptionId, subscription.id));
    const impUid = charge?.impUid ?? '';
    await refund(charge?.merchantUid ?? '', 4_900, 19_900);
    await noticeOf(impUid, charge?.merchantUid ?? '', 'paid');
    await refund(charge?.merchantUid ?? '', 15_000, 15_000);
    await noticeOf(impUid, charge?.merchantUid ?? '', 'cancelled');
    await expectMailed(subscriber.user.email, impUid, [4_900, 15_000]);
  });

  it("keeps the operator's note internal: the customer reads the reason chosen for them (issue 32)", async () => {
    const shopper = await Shopper.withCard();
    const order = await shopper.buyNow('drip-bag-20');
    const note = '반품 배송비는 편도 3,000원만 받기로 함';
    await refund(order.merchantUid, 3_000, 15_900, 'adjustment', note);
    const payment = (await app.emulator().payments()).find((p) => p.merchant_uid === order.merchantUid);
    // The service's record (its console, the card receipt) and the mail say the customer's reason only.
    expect(payment?.cancel_history.map((entry) => entry.reason)).toEqual(['결제 금액 조정에 따른 환불']);
    await drainMail(await app.emulator().now());
    const [mail] = caughtTo(catcher(), shopper.user.email).filter((caught) => caught.subject.includes('환불 안내'));
    expect(mail?.text).toContain('사유: 결제 금액 조정에 따른 환불');
    expect(mail?.text).not.toContain('편도');
    // The note stays with the operators.
    expect(await auditOf(order.merchantUid)).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'payment.refund', reason: 'adjustment', note })]),
    );
  });
});

// Every customer mail, from the event that causes it to the mail caught over real SMTP: written in
// the event's transaction, once however often (×5, concurrently) the service's notice arrives, sent
// when due on the service's (emulator's virtual) clock, and skipped when no longer true.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, subscriptionCharges } from '@/lib/db/schema';
import type { MailKind } from '@/lib/mail/outbox';
import { TEST_CARDS } from '@/test/emulator/kit';
import { Customer, keyIn } from '@/test/kits/cards';
import { caughtTo, drainMail, setupMailCatcher } from '@/test/kits/mail';
import { newKey, Shopper } from '@/test/kits/orders';
import { DAY, deliver, notice, Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';

const app = setupSubscriptionTest();
const catcher = setupMailCatcher();

const drain = async () => drainMail(await app.emulator().now());
const rowsOf = (userId: string, kind: MailKind) =>
  app
    .db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, kind)));
const chargesOf = (subscriptionId: string) =>
  app.db().select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, subscriptionId));
const times5 = (work: () => Promise<unknown>) => Promise.all(Array.from({ length: 5 }, work));
/** The service's notice of a settled charge, delivered five times at once. */
const redeliver = async (charge: { impUid: string | null; merchantUid: string }, status = 'paid') => {
  const responses = await times5(() => deliver(notice(charge.impUid ?? '', charge.merchantUid, status)));
  expect(responses.map((response) => (response as Response).status)).toEqual([200, 200, 200, 200, 200]);
};
const mailsWith = (email: string, title: string) =>
  caughtTo(catcher(), email).filter((mail) => mail.subject.includes(title));

describe('subscription mails', () => {
  it('receipts: the first charge and each renewal, once each under ×5 concurrent notices; masked card only', async () => {
    const subscriber = await Subscriber.withCard();
    const { email } = subscriber.user;
    const s = await subscriber.subscribe();
    const [first] = await chargesOf(s.id);
    if (!first) throw new Error('no first charge');
    await redeliver(first);
    await drain();
    const [receipt, ...more] = mailsWith(email, '결제 영수증');
    expect(more).toHaveLength(0);
    expect(receipt?.subject).toBe('[임프 상점] 결제 영수증: 월간 원두 정기배송');
    expect(receipt?.text).toContain('19,900원');
    // A number the customer can quote, the address the box goes to and the next charge; never a merchant_uid.
    expect(receipt?.text).toContain(`구독번호: ${s.number}`);
    expect(receipt?.text).not.toContain(first.merchantUid);
    expect(receipt?.text).not.toContain('주문번호');
    expect(receipt?.text).toContain('배송지: (04524) 서울특별시 중구 세종대로 110 3층 · 받는 분 김구독');
    expect(receipt?.text).toContain(`이번 회차 상자: ${s.number}-1`);
    expect(receipt?.text).toMatch(/다음 결제 예정일: \d{4}년 \d{1,2}월 \d{1,2}일 .* \(19,900원\)/);
    expect(receipt?.text).toContain(`구독 내역 보기: http://localhost:3000/account/subscriptions#subscription-${s.id}`);
    expect(receipt?.text).toMatch(/카드 영수증 보기: http:\/\/\S+/);
    expect(receipt?.text).toMatch(/결제 카드: .*\*{4}/);
    expect(receipt?.text + (receipt?.html ?? '')).not.toContain('4242424242424242');
    expect(receipt?.text + (receipt?.html ?? '')).not.toContain('4242-4242-4242-4242');

    await app.emulator().advanceTo(s.currentPeriodEnd ?? 0);
    const renewal = (await chargesOf(s.id)).find((c) => c.kind === 'renewal' && c.status === 'paid');
    if (!renewal) throw new Error('not renewed');
    await redeliver(renewal);
    await drain();
    expect(mailsWith(email, '결제 영수증')).toHaveLength(2);
    expect(await rowsOf(subscriber.user.id, 'receipt')).toHaveLength(2);
  });

  it('renewal reminder REMINDER_DAYS (3) before, with the amount and how to cancel; skipped while cancelled, re-planned on resume', async () => {
    const subscriber = await Subscriber.withCard();
    const { email } = subscriber.user;
    const s = await subscriber.subscribe();
    const end = s.currentPeriodEnd ?? 0;
    const [planned] = await rowsOf(subscriber.user.id, 'renewal_reminder');
    expect(planned).toMatchObject({ status: 'pending', dueAt: end - 3 * DAY, occasion: String(end) });

    await app.emulator().advanceTo(end - 3 * DAY - 60);
    await drain();
    expect(mailsWith(email, '정기결제 예정')).toHaveLength(0);

    expect((await subscriber.cancel(s.id)).status).toBe(200);
    await app.emulator().advanceTo(end - 3 * DAY);
    await drain();
    expect(mailsWith(email, '정기결제 예정')).toHaveLength(0);
    expect((await rowsOf(subscriber.user.id, 'renewal_reminder'))[0]?.status).toBe('skipped');

    expect((await subscriber.resume(s.id)).status).toBe(200);
    await drain();
    const reminders = mailsWith(email, '정기결제 예정');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.text).toContain('19,900원');
    expect(reminders[0]?.text).toContain('해지');
    expect(reminders[0]?.text).toContain(`/account/subscriptions#subscription-${s.id}`);
  });

  it('0341: renewal failed (reason, next retry, change-card link) once per attempt, then ended once', async () => {
    const subscriber = await Subscriber.withCard(TEST_CARDS.firstChargeOnly);
    const { email } = subscriber.user;
    const s = await subscriber.subscribe();
    const due = s.currentPeriodEnd ?? 0;
    await app.emulator().advanceTo(due);
    const failed = (await chargesOf(s.id)).find((c) => c.kind === 'renewal' && c.status === 'failed');
    if (!failed) throw new Error('the renewal did not fail');
    await redeliver(failed, 'failed');
    await drain();
    const [failure, ...more] = mailsWith(email, '정기결제 실패');
    expect(more).toHaveLength(0);
    // The issuer's 한도초과 in the customer's words.
    expect(failure?.text).toContain('사유: 카드 한도를 초과했습니다.');
    expect(failure?.text).not.toContain('한도초과');
    expect(failure?.text).toMatch(/다시 결제를 시도합니다/);
    expect(failure?.text).toContain(
      `결제 카드 변경하기: http://localhost:3000/account/subscriptions#subscription-${s.id}`,
    );
    expect(failure?.html).toContain(`href="http://localhost:3000/account/subscriptions#subscription-${s.id}"`);

    await app.emulator().advanceTo(due + 3 * DAY);
    const last = (await chargesOf(s.id)).find((c) => c.kind === 'retry' && c.attempt === 2);
    if (!last) throw new Error('no last retry');
    await redeliver(last, 'failed');
    await drain();
    expect(mailsWith(email, '정기결제 실패')).toHaveLength(2);
    const ended = mailsWith(email, '구독 종료');
    expect(ended).toHaveLength(1);
    expect(ended[0]?.text).toContain('재시도 끝에도 승인되지 않아 종료되었습니다');
  });
});

describe('card mails', () => {
  it('card expiring: on the 1st of a keyed-in card expiry month while a subscription charges it; not for an idle card', async () => {
    const customer = await Customer.signUp();
    const subscriber = Subscriber.of(customer);
    const now = new Date((await app.emulator().now()) * 1000);
    // Two months on from the service's now (the clock has moved in earlier tests).
    const expiring = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1));
    const mm = String(expiring.getUTCMonth() + 1).padStart(2, '0');
    const expiry = `${mm}/${String(expiring.getUTCFullYear()).slice(2)}`;
    expect((await customer.keyIn(keyIn('4242-4242-4242-4242', { expiry }))).status).toBe(201);
    expect((await customer.keyIn(keyIn('5555-5555-5555-4444', { expiry }))).status).toBe(201);
    await subscriber.subscribe();
    const rows = await rowsOf(customer.user.id, 'card_expiring');
    expect(rows).toHaveLength(2);
    const dueAt = expiring.getTime() / 1000 - 9 * 3600;
    expect(rows.map((row) => row.dueAt)).toEqual([dueAt, dueAt]);

    await app.emulator().advanceTo(dueAt - 60);
    await drain();
    expect(mailsWith(customer.user.email, '유효기간')).toHaveLength(0);
    await app.emulator().advanceTo(dueAt);
    await drain();
    const [mail, ...more] = mailsWith(customer.user.email, '유효기간');
    expect(more).toHaveLength(0);
    expect(mail?.text).toContain(`${expiring.getUTCFullYear()}년 ${expiring.getUTCMonth() + 1}월`);
    expect(mail?.text).toMatch(/4242-\d{2}\*\*-\*{4}-4242/);
    expect((await rowsOf(customer.user.id, 'card_expiring')).map((row) => row.status).sort()).toEqual([
      'sent',
      'skipped',
    ]);
  });
});

describe('order mails', () => {
  it('a one-click purchase: one receipt under ×5 concurrent notices', async () => {
    const shopper = await Shopper.withCard();
    const order = await shopper.buyNow();
    expect(order.status).toBe('paid');
    const [payment] = (await app.emulator().payments()).filter((p) => p.merchant_uid === order.merchantUid);
    await times5(() => deliver(notice(payment?.imp_uid ?? '', order.merchantUid)));
    await drain();
    const receipts = mailsWith(shopper.user.email, '결제 영수증');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain(order.productName);
  });

  it('a receipt stands alone: number, item × quantity, amounts, card, address, seller; links to the order, the slip second', async () => {
    const shopper = await Shopper.withCard();
    const response = await shopper.buyNowRaw({
      productId: 'drip-bag-20',
      idempotencyKey: newKey(),
      quantity: 2,
      shipping: {
        recipient: '김하늘',
        phone: '010-2345-6789',
        postcode: '04524',
        address: '서울특별시 중구 세종대로 110',
        addressDetail: '3층',
        note: '',
      },
    });
    const { order } = await response.json();
    expect(order.status).toBe('paid');
    await drain();
    const [receipt, ...more] = mailsWith(shopper.user.email, '결제 영수증');
    expect(more).toHaveLength(0);
    const text = receipt?.text ?? '';
    expect(text).toContain(`주문번호: ${order.orderNumber}`);
    expect(text).toContain('상품: 드립백 20개입 × 2개 (31,800원)');
    expect(text).toContain('배송비: 0원');
    expect(text).toContain('결제 금액: 31,800원');
    expect(text).toMatch(/결제 카드: .*\*{4}/);
    expect(text).toContain('배송지: (04524) 서울특별시 중구 세종대로 110 3층 · 받는 분 김하늘');
    for (const line of [
      '상호: (데모) ',
      '대표자: ',
      '사업자등록번호: ',
      '통신판매업 신고번호: ',
      '개인정보 보호책임자: ',
    ]) {
      expect(text).toContain(line);
    }
    // The main link is the customer's order page; the card slip is the second link.
    const links = [...(receipt?.html ?? '').matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => [m[2], m[1]]);
    expect(links[0]).toEqual(['주문 상세 보기', `http://localhost:3000/account/orders/${order.orderNumber}`]);
    expect(links[1]?.[0]).toBe('카드 영수증 보기');
    expect(links[1]?.[1]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  });

  it('a tampered window amount is refunded: one refund mail stating the amount, under ×5 notices', async () => {
    const shopper = await Shopper.signUp();
    const checkout = await shopper.startCheckout('ceramic-mug', newKey());
    // A provider that ignored the pre-registered amount (only the service's own PUT can change it).
    await app.emulator().rest('PUT', '/payments/prepare', { merchant_uid: checkout.merchantUid, amount: 100 });
    const { rsp } = await shopper.payInWindow(app.emulator(), checkout, 'approved', 100);
    const impUid = rsp.imp_uid ?? '';
    await Promise.all([
      times5(() => shopper.verify({ imp_uid: impUid, merchant_uid: checkout.merchantUid })),
      times5(() => deliver(notice(impUid, checkout.merchantUid, 'paid'))),
    ]);
    await times5(() => deliver(notice(impUid, checkout.merchantUid, 'cancelled')));
    await drain();
    const refunds = mailsWith(shopper.user.email, '환불 안내');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.text).toContain('100원을 환불했습니다');
    expect(mailsWith(shopper.user.email, '결제 영수증')).toHaveLength(0);
  });
});

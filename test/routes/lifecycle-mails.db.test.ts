// The mails of a subscription's start and end and of 회원탈퇴 (issue 32.6), and a goods box's way,
// caught over real SMTP: a trial begun (its trial box named), a subscription cancelled at its
// period's end and now (the running box still ships), 회원탈퇴 done (to the address the account had,
// which the outbox then forgets), a box shipped and delivered — each once however often it is asked.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { POST as withdrawalRoute } from '@/app/api/account/withdrawal/route';
import { mailOutbox } from '@/lib/db/schema';
import type { MailKind } from '@/lib/mail/outbox';
import { createTestCard, createTestUser, pageRequest } from '@/test/factories';
import { Customer } from '@/test/kits/cards';
import { caughtTo, drainMail, setupMailCatcher } from '@/test/kits/mail';
import { signedInOperator } from '@/test/kits/ops';
import { shipmentCalls } from '@/test/kits/shipments';
import { Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';
import { withScriptedAnswer } from '@/test/scripted-answers';

const app = setupSubscriptionTest();
const catcher = setupMailCatcher();

/**
 * Sends what is due by the service's clock, as the mail worker does: the later of the app's reading
 * and the emulator's own (the app's estimate may trail a clock the test just moved, on a loaded machine).
 */
const drain = async () => {
  const now = Math.max(await app.client().serviceNow(), await app.emulator().now());
  await drainMail(now);
  // On a loaded machine an SMTP send may time out; the mail is then retried 20 ms on (wall clock):
  // sent again until none due is left retrying, as the worker's next ticks would.
  await vi.waitFor(
    async () => {
      await drainMail(now);
      expect(await retrying(now)).toBe(0);
    },
    { timeout: 10_000, interval: 25 },
  );
};
const retrying = async (now: number) =>
  (
    await app
      .db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), gt(mailOutbox.attempts, 0), lte(mailOutbox.dueAt, now)))
  ).length;
const mailsWith = (email: string, title: string) =>
  caughtTo(catcher(), email).filter((mail) => mail.subject.includes(title));
const rowsOf = (userId: string, kind: MailKind) =>
  app
    .db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, kind)));

describe('a trial begun', () => {
  it('is mailed once, with its end, the price after, how to cancel and the trial box (0 won)', async () => {
    const subscriber = await Subscriber.withCard();
    const key = randomUUID();
    const first = await subscriber.subscribeRaw({ planId: 'tasting-club', idempotencyKey: key });
    expect(first.status).toBe(201);
    // The same request again (a double click): the same trial, no second mail.
    await subscriber.subscribeRaw({ planId: 'tasting-club', idempotencyKey: key });
    const [s] = await subscriber.list();
    await drain();
    const [mail, ...more] = mailsWith(subscriber.user.email, '무료 체험 시작');
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('[임프 상점] 무료 체험 시작: 원두 테이스팅 클럽');
    const text = mail?.text ?? '';
    expect(text).toContain(`구독번호 ${s?.number}`);
    expect(text).toMatch(/\d{4}년 \d{1,2}월 \d{1,2}일 .*까지 무료이며, 지금은 아무것도 결제되지 않았습니다/);
    expect(text).toContain(`무료 체험 상자(0원, 상자 번호 ${s?.number}-1)를 보내 드립니다`);
    // A trial turns paid only with the consent asked later (issue 33): the mail says so, not that it will.
    expect(text).toContain('유료 전환(1개월마다 24,900원) 여부를 따로 여쭙니다');
    expect(text).toContain('동의하지 않으시면 체험이 끝날 때 결제 없이 종료됩니다');
    expect(text).toContain(`/account/subscriptions#subscription-${s?.id}`);
    expect(await rowsOf(subscriber.user.id, 'trial_started')).toHaveLength(1);
  });
});

describe('a subscription cancelled', () => {
  it('at its period end: mailed at once with the last day and the unsent box that still ships; a cancel after a resume is mailed again', async () => {
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('monthly-beans');
    expect((await subscriber.cancel(s.id)).status).toBe(200);
    // A second click changes nothing and mails nothing.
    expect((await subscriber.cancel(s.id)).status).toBe(200);
    await drain();
    const [mail, ...more] = mailsWith(subscriber.user.email, '구독 해지 예약');
    expect(more).toHaveLength(0);
    const text = mail?.text ?? '';
    expect(text).toContain(`월간 원두 정기배송 구독(구독번호 ${s.number})의 해지를 예약했습니다`);
    expect(text).toMatch(/\d{4}년 \d{1,2}월 \d{1,2}일 .*까지 이용할 수 있고, 그 뒤로는 결제되지 않습니다/);
    expect(text).toContain(
      `이번 회차 상자는 결제된 회차라 환불되지 않으며, 아직 발송 전이어도 해지와 상관없이 그대로 보내 드립니다. (상자 번호 ${s.number}-1)`,
    );
    expect(text).toContain('해지를 취소할 수 있습니다');

    expect((await subscriber.resume(s.id)).status).toBe(200);
    await app.emulator().advanceClock(60);
    expect((await subscriber.cancel(s.id)).status).toBe(200);
    await drain();
    expect(mailsWith(subscriber.user.email, '구독 해지 예약')).toHaveLength(2);
  });

  it('now, a service plan: mailed once, the refund left to its own mail', async () => {
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('hourly-demo');
    await app.emulator().advanceClock(10 * 60);
    expect((await subscriber.cancelNow(s.id)).status).toBe(200);
    // A second tap answers the first one's refund (decided once, issue 31) and mails nothing more.
    expect((await subscriber.cancelNow(s.id)).status).toBe(200);
    await drain();
    const [mail, ...more] = mailsWith(subscriber.user.email, '구독 해지 완료');
    expect(more).toHaveLength(0);
    expect(mail?.text).toContain(`구독번호 ${s.number}`);
    expect(mail?.text).toContain('더 이상 결제되지 않습니다');
    expect(mail?.text).toContain('환불되면 따로 메일로 알려 드립니다');
    expect(mailsWith(subscriber.user.email, '환불 안내')).toHaveLength(1);
  });

  it('now, its refund refused: no 구독 해지 완료 (it runs on); the next cancel-now, refunded, mails once', async () => {
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('hourly-demo');
    await app.emulator().advanceClock(10 * 60);
    const refusal = { code: -1, message: '취소할 수 없는 결제입니다.', response: null };
    const refused = await withScriptedAnswer(app, 'POST /payments/cancel', refusal, 1, () =>
      subscriber.cancelNow(s.id),
    );
    expect(refused.status).toBe(502);
    await drain();
    expect(mailsWith(subscriber.user.email, '구독 해지 완료')).toHaveLength(0);
    expect(await rowsOf(subscriber.user.id, 'subscription_cancelled')).toEqual([]);

    await app.emulator().advanceClock(60);
    expect((await subscriber.cancelNow(s.id)).status).toBe(200);
    expect((await subscriber.cancelNow(s.id)).status).toBe(200);
    await drain();
    expect(mailsWith(subscriber.user.email, '구독 해지 완료')).toHaveLength(1);
  });

  it('now, its refund not known yet (503): mailed once the refund is made, not before', async () => {
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('hourly-demo');
    await app.emulator().advanceClock(10 * 60);
    await app.emulator().injectFault({ method: 'POST', path: '/payments/cancel', action: 'drop', count: 1 });
    expect((await subscriber.cancelNow(s.id)).status).toBe(503);
    await drain();
    expect(mailsWith(subscriber.user.email, '구독 해지 완료')).toHaveLength(0);
    // Two more requests at once resolve it: made, mailed once.
    const answers = await Promise.all([subscriber.cancelNow(s.id), subscriber.cancelNow(s.id)]);
    expect(answers.map((response) => response.status)).toEqual([200, 200]);
    await drain();
    expect(mailsWith(subscriber.user.email, '구독 해지 완료')).toHaveLength(1);
    expect(mailsWith(subscriber.user.email, '환불 안내')).toHaveLength(1);
  });

  it('now, goods: the mail says the paid box still ships and nothing is refunded', async () => {
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('monthly-beans');
    expect((await subscriber.cancelNow(s.id)).status).toBe(200);
    await drain();
    const [mail] = mailsWith(subscriber.user.email, '구독 해지 완료');
    expect(mail?.text).toContain(
      `이번 회차 상자는 결제된 회차라 환불되지 않으며, 아직 발송 전이어도 해지와 상관없이 그대로 보내 드립니다. (상자 번호 ${s.number}-1) 다음 회차 상자와 결제는 없습니다.`,
    );
    expect(mailsWith(subscriber.user.email, '환불 안내')).toHaveLength(0);
  });

  it('in the console at the period end: the customer is mailed the same', async () => {
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('hourly-demo');
    const { cancelAtPeriodEndForOps } = await import('@/lib/ops/subscriptions/actions');
    await cancelAtPeriodEndForOps((await signedInOperator('admin')).operator, s.id, '');
    await drain();
    expect(mailsWith(subscriber.user.email, '구독 해지 예약')).toHaveLength(1);
  });
});

describe('회원탈퇴', () => {
  it('mails the address the account had, once, with what was ended and the box that still ships; the outbox then forgets it', async () => {
    const password = 'correct horse battery';
    const customer = await Customer.signIn(await createTestUser({ password }));
    await createTestCard(customer.user.id);
    const subscriber = Subscriber.of(customer);
    await subscriber.subscribe('monthly-beans');
    await subscriber.subscribe('hourly-demo');
    await app.emulator().advanceClock(10 * 60);
    const email = customer.user.email;
    const response = await withdrawalRoute(
      pageRequest('/api/account/withdrawal', { method: 'POST', body: { password }, cookie: customer.cookie }),
      {},
    );
    expect(response.status).toBe(200);
    await drain();
    await drain();
    const [mail, ...more] = mailsWith(email, '회원탈퇴 완료');
    expect(more).toHaveLength(0);
    const text = mail?.text ?? '';
    // No name: the account's is gone.
    expect(text.startsWith('안녕하세요. 임프 상점입니다.')).toBe(true);
    expect(text).toMatch(/정기구독 2개를 해지했습니다\. 남은 기간 [\d,]+원을 결제한 카드로 환불했습니다\./);
    expect(text).toContain('등록한 카드 1장을 결제 서비스에서 삭제했습니다');
    expect(text).toContain('발송 전인 정기배송 상자 1개는');
    expect(text).toContain('5년 동안 보관한 뒤 파기합니다');
    // The cancellations' own mails were skipped with the account: this one says it all.
    expect(mailsWith(email, '구독 해지 완료')).toHaveLength(0);
    const [row] = await rowsOf(customer.user.id, 'account_withdrawn');
    expect(row).toMatchObject({ status: 'sent', recipient: null });
  });
});

describe("a box's way", () => {
  it('shipped and delivered: one mail each, with the carrier and tracking number, linking the subscription', async () => {
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('monthly-beans');
    const ops = shipmentCalls(await signedInOperator('admin'));
    const number = `${s.number}-1`;
    const ship = { action: 'ship', carrier: '우체국택배', trackingNumber: '6070123456789' };
    expect((await ops.step(number, ship)).status).toBe(200);
    await drain();
    expect((await ops.step(number, { action: 'deliver' })).status).toBe(200);
    await drain();
    const [shipped, ...moreShipped] = mailsWith(subscriber.user.email, '정기배송 상자가 발송되었습니다');
    expect(moreShipped).toHaveLength(0);
    expect(shipped?.subject).toBe('[임프 상점] 정기배송 상자가 발송되었습니다: 월간 원두 정기배송 1회차');
    expect(shipped?.text).toContain(`월간 원두 정기배송 1회차 (상자 번호 ${number})를`);
    expect(shipped?.text).toContain('택배사: 우체국택배\n운송장 번호: 6070123456789');
    expect(shipped?.text).toContain(
      '배송조회: https://service.epost.go.kr/trace.RetrieveDomRigiTraceList.comm?sid1=6070123456789',
    );
    expect(shipped?.text).toContain(`/account/subscriptions#subscription-${s.id}`);
    expect(mailsWith(subscriber.user.email, '정기배송 상자 배송 완료')).toHaveLength(1);
  });
});

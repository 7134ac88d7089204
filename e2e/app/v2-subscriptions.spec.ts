// Subscriptions on the shop switched to PortOne V2 (the `v2` project's app), as
// subscriptions.spec.ts and recurring-billing.spec.ts run them on V1: a customer subscribes on a card
// from V2's billing-key window; the renewal is booked on V2 (POST /payments/{id}/schedule); the
// merchant's virtual clock moves past it, V2's scheduler charges it, and its signed notice to
// /api/webhooks/portone renews the subscription, which the account page shows with the next booking.
// And 지금 해지하기 half a period in: the unused half refunded through V2, the booking revoked there.
// These move the V2 app's merchant's clock: the `v2` project runs one test at a time on a merchant
// no other project uses (playwright.config.ts), so no other test's certification or window ages.
import type { Locator, Page, TestInfo } from '@playwright/test';
import { formatDateTime, formatWon } from '../../lib/values/client';
import { clockEmulator as emulator, expect, test } from '../support/clock-app';
import { signUp } from '../support/customers';
import { cancelNowHalfway, subscribeTo, termsPrice, wonIn } from '../support/subscriptions';
import {
  answerOf,
  registerCardInV2Window,
  V2_WEBHOOK_TARGET,
  v2Payment,
  v2PaymentsOnKey,
  v2SchedulesOnKey,
  v2WebhooksAbout,
} from '../support/v2';

// Whole flows with time travel: minutes at the load this machine reaches.
test.describe.configure({ timeout: 300_000 });
test.use({ viewport: { width: 1280, height: 800 } });

const MONTHLY = '월간 원두 정기배송';
const DEMO = '데모 플랜';

const subscriptionOf = (page: Page, plan: string) => page.getByRole('article', { name: new RegExp(plan) });
// The definition after the term 다음 결제 (the card lists 구독번호 and 이용 기간 before it).
const nextChargeOf = (page: Page, plan: string) => subscriptionOf(page, plan).locator('dt:text-is("다음 결제") + dd');
const historyOf = (page: Page, plan: string) => subscriptionOf(page, plan).getByRole('table', { name: '결제 이력' });
/** A screenshot of the subscription's card (the page is long), kept with the test's results. */
const shotOf = (card: Locator, testInfo: TestInfo, name: string) =>
  card.screenshot({ path: testInfo.outputPath(`${name}.png`) });

test('@v2 subscribe on a V2 card → past the renewal date V2 charges the booking, its signed notice renews the subscription and the next is booked', async ({
  page,
}, testInfo) => {
  await signUp(page);
  const billingKey = await registerCardInV2Window(page);
  const price = await termsPrice(page, MONTHLY);
  await subscribeTo(page, MONTHLY);
  await expect(subscriptionOf(page, MONTHLY)).toContainText('이용 중');

  // The first month, charged at once on the card's V2 key, at the price the terms said.
  const charged = await v2PaymentsOnKey(billingKey);
  expect(charged).toHaveLength(1);
  expect(charged[0]).toMatchObject({ status: 'PAID', amount: { total: wonIn(price), paid: wonIn(price) } });
  // The renewal booked on V2 for when the page says it is, at what the page says.
  const [booked, ...more] = await v2SchedulesOnKey(billingKey);
  expect(more).toEqual([]);
  expect(booked).toMatchObject({ status: 'SCHEDULED', totalAmount: wonIn(price) });
  if (!booked) throw new Error('no V2 schedule');
  await expect(nextChargeOf(page, MONTHLY)).toHaveText(`${formatDateTime(booked.timeToPay)} · ${price}`);
  await shotOf(subscriptionOf(page, MONTHLY), testInfo, '1-subscribed');

  // The clock just past the booking: V2's scheduler charges it under the booked paymentId.
  await emulator.advanceClock(Date.parse(booked.timeToPay) / 1000 - (await emulator.now()) + 60);
  await expect.poll(async () => (await v2SchedulesOnKey(billingKey))[0]?.status).toBe('SUCCEEDED');
  const renewal = await v2Payment(booked.paymentId);
  expect(renewal).toMatchObject({
    status: 'PAID',
    billingKey,
    scheduleId: booked.id,
    amount: { total: wonIn(price), paid: wonIn(price) },
  });

  // Its signed notice reached the app's V2 route, which renewed the subscription on it.
  await expect
    .poll(async () => (await v2WebhooksAbout(booked.paymentId)).map((d) => [d.event, d.target, d.status]))
    .toEqual([['Transaction.Paid', V2_WEBHOOK_TARGET, 'delivered']]);
  const [notice] = await v2WebhooksAbout(booked.paymentId);
  expect(notice?.response_status).toBe(200);
  expect(answerOf(notice)).toContain('subscription renewed');

  // The next renewal booked on V2 a period on, at the same price.
  await expect
    .poll(async () => (await v2SchedulesOnKey(billingKey)).map((s) => s.status))
    .toEqual(['SUCCEEDED', 'SCHEDULED']);
  const next = (await v2SchedulesOnKey(billingKey))[1];
  if (!next) throw new Error('no next V2 schedule');
  expect(next.totalAmount).toBe(wonIn(price));
  expect(Date.parse(next.timeToPay)).toBeGreaterThan(Date.parse(booked.timeToPay));

  // The account page: still active, the renewal paid at that amount, the next charge the new booking.
  // (The page reads the subscription when it loads: reloaded until the next booking is recorded.)
  await expect(async () => {
    await page.reload();
    await expect(nextChargeOf(page, MONTHLY)).toHaveText(`${formatDateTime(next.timeToPay)} · ${price}`, {
      timeout: 2_000,
    });
  }).toPass();
  await expect(subscriptionOf(page, MONTHLY)).toContainText('이용 중');
  const renewals = historyOf(page, MONTHLY).getByRole('row').filter({ hasText: '정기결제' });
  await expect(renewals.filter({ hasText: '결제 완료' })).toHaveCount(1);
  await expect(renewals.filter({ hasText: '결제 완료' })).toContainText(formatWon(renewal.amount.total));
  await shotOf(subscriptionOf(page, MONTHLY), testInfo, '2-renewed');
  expect(await v2PaymentsOnKey(billingKey)).toHaveLength(2);
});

test('@v2 half an hour into the demo plan, 지금 해지하기 refunds the unused half through V2 and revokes the booked renewal', async ({
  page,
}, testInfo) => {
  await signUp(page);
  const billingKey = await registerCardInV2Window(page);
  await subscribeTo(page, DEMO);
  const [first] = await v2PaymentsOnKey(billingKey);
  expect(first).toMatchObject({ status: 'PAID', amount: { total: 1_000 } });
  const [booked] = await v2SchedulesOnKey(billingKey);
  expect(booked?.status).toBe('SCHEDULED');

  await emulator.advanceClock(1_800);
  await page.reload();
  const card = subscriptionOf(page, DEMO);
  const { refunded } = await cancelNowHalfway(card, () => shotOf(card, testInfo, '1-refund-quoted'));
  await expect(historyOf(page, DEMO)).toContainText(`환불 ${formatWon(refunded)}`);
  await shotOf(card, testInfo, '2-ended-and-refunded');

  // At V2: the first charge partly cancelled by exactly what the page said, once; nothing more charged.
  const after = await v2Payment(first?.id ?? '');
  expect(after).toMatchObject({ status: 'PARTIAL_CANCELLED', amount: { total: 1_000, cancelled: refunded } });
  expect(after.cancellations?.map((c) => c.totalAmount)).toEqual([refunded]);
  expect((await v2SchedulesOnKey(billingKey)).map((s) => s.status)).toEqual(['REVOKED']);
  expect(await v2PaymentsOnKey(billingKey)).toHaveLength(1);
});

// Subscriptions, end to end, on the emulator's virtual clock: the first month is charged at once,
// the renewal runs when the clock reaches it and its webhook reaches the app, which books the next.
// Tagged @clock: these move their merchant's clock, on their worker slot's app (support/clock-app.ts).
import type { Page } from '@playwright/test';
import { registerCardByKeyIn } from '../support/cards';
import { clockEmulator as emulator, expect, test } from '../support/clock-app';
import { shot, signUp } from '../support/customers';
import { subscribeTo, termsPrice } from '../support/subscriptions';

const PLAN = '월간 원두 정기배송';
const MONTH_AND_A_DAY = 32 * 86_400;

const subscription = (page: Page) => page.getByRole('article', { name: new RegExp(PLAN) });
// The definition after the term 다음 결제 (the card lists 구독번호 and 이용 기간 before it).
const nextCharge = (page: Page) => subscription(page).locator('dt:text-is("다음 결제") + dd');
const historyRows = (page: Page) => subscription(page).getByRole('table', { name: '결제 이력' }).getByRole('row');

/** Moves the clock just past the customer's booked charge (its webhook is handled before this returns). */
async function advancePastNextCharge(email: string) {
  const booked = (await emulator.schedules()).filter(
    (s) => s.buyer_email === email && s.schedule_status === 'scheduled',
  );
  expect(booked).toHaveLength(1);
  await emulator.advanceClock((booked[0]?.schedule_at ?? 0) - (await emulator.now()) + 60);
}

async function subscribe(page: Page) {
  await subscribeTo(page, PLAN);
  await expect(subscription(page)).toContainText('이용 중');
}

test('subscribe → a month later the renewal is paid and the next charge shown @clock', async ({ page }, testInfo) => {
  const person = await signUp(page);
  await registerCardByKeyIn(page);
  const price = await termsPrice(page, PLAN);
  await subscribe(page);
  const firstNext = await nextCharge(page).textContent();
  expect(firstNext).toContain(price);
  await shot(page, testInfo, '1-subscribed');

  await advancePastNextCharge(person.email);
  await page.reload();
  await expect(subscription(page)).toContainText('이용 중');
  await expect(historyRows(page).filter({ hasText: '정기결제' }).filter({ hasText: '결제 완료' })).toHaveCount(1);
  await expect(nextCharge(page)).not.toHaveText(firstNext ?? '');
  await expect(nextCharge(page)).toContainText(price);
  await shot(page, testInfo, '2-renewed');

  const paid = (await emulator.payments()).filter((p) => p.buyer_email === person.email && p.status === 'paid');
  expect(paid).toHaveLength(2);
});

test('a failing renewal shows the dunning state @clock', async ({ page }, testInfo) => {
  const person = await signUp(page);
  await registerCardByKeyIn(page, '4000000000000341');
  await subscribe(page);

  await advancePastNextCharge(person.email);
  await page.reload();
  await expect(subscription(page)).toContainText('결제 실패 · 재시도 예정');
  await expect(subscription(page).getByRole('alert')).toContainText('계속 이용할 수 있습니다');
  await expect(historyRows(page).filter({ hasText: '카드 한도를 초과했습니다' })).toHaveCount(1);
  await expect(nextCharge(page)).toContainText('재시도 1회차');
  await shot(page, testInfo, '1-dunning');
});

test('cancel → no further charge after the period, and the subscription shows as ended @clock', async ({
  page,
}, testInfo) => {
  const person = await signUp(page);
  await registerCardByKeyIn(page);
  await subscribe(page);
  await subscription(page).getByRole('button', { name: '구독 해지' }).click();
  await subscription(page).getByRole('button', { name: '기간 끝에 해지하기' }).click();
  await expect(subscription(page)).toContainText('해지 예약됨');
  await expect(nextCharge(page)).toHaveText('없음');
  await shot(page, testInfo, '1-cancelled');

  await emulator.advanceClock(MONTH_AND_A_DAY);
  await page.reload();
  await expect(subscription(page)).toContainText('해지됨');
  await expect(historyRows(page).filter({ hasText: '정기결제' })).toHaveCount(0);
  await shot(page, testInfo, '2-ended');
  const charged = (await emulator.payments()).filter((p) => p.buyer_email === person.email && p.amount > 0);
  expect(charged).toHaveLength(1);
});

// The console on a failed renewal, on the emulator's virtual clock (@clock: its worker slot's app and
// merchant, support/clock-app.ts): the renewal fails, the operator finds the subscription in dunning, the customer changes
// the card, the operator retries the renewal now, and it is paid; then cancels it now, after a
// confirmation that says the shipped period is not refunded.
import type { Page } from '@playwright/test';
import { registerCardByKeyIn } from '../support/cards';
import { clockEmulator as emulator, expect, test } from '../support/clock-app';
import { shot, signUp } from '../support/customers';
import { signInOperatorAnyhow } from '../support/operators';
import { subscribeTo } from '../support/subscriptions';

test.describe.configure({ timeout: 300_000 });

const PLAN = '월간 원두 정기배송';
const subscription = (page: Page) => page.getByRole('article', { name: new RegExp(PLAN) });

/** Moves the clock just past the customer's booked charge (its webhook is handled before this returns). */
async function advancePastNextCharge(email: string) {
  const booked = (await emulator.schedules()).filter(
    (s) => s.buyer_email === email && s.schedule_status === 'scheduled',
  );
  expect(booked).toHaveLength(1);
  await emulator.advanceClock((booked[0]?.schedule_at ?? 0) - (await emulator.now()) + 60);
}

test('a failed renewal found in the console, retried now after the customer changed the card @clock', async ({
  browser,
}, testInfo) => {
  const customer = await (await browser.newContext()).newPage();
  const person = await signUp(customer);
  await registerCardByKeyIn(customer, '4000000000000341');
  await subscribeTo(customer, PLAN);
  await advancePastNextCharge(person.email);

  const ops = await (await browser.newContext()).newPage();
  await signInOperatorAnyhow(ops);
  await ops.goto(`/ops/subscriptions?email=${encodeURIComponent(person.email)}&status=past_due`);
  await ops.getByRole('link', { name: new RegExp(PLAN) }).click();
  const state = ops.getByRole('region', { name: '상태' });
  await expect(state).toContainText('결제 실패 · 재시도 예정');
  await expect(state).toContainText('1회차');
  await expect(state).toContainText('한도초과');
  await shot(ops, testInfo, '1-dunning');

  // The customer adds a working card and moves the subscription to it.
  await registerCardByKeyIn(customer);
  await customer.goto('/account/subscriptions');
  await subscription(customer).getByLabel('결제 카드 변경').selectOption({ index: 1 });
  await expect(subscription(customer)).toContainText('4242-42**-****-4242');

  await ops.reload();
  await ops.getByLabel('메모').fill('고객이 카드를 바꿈');
  await ops.getByRole('button', { name: '실패한 결제 지금 재시도' }).click();
  await expect(ops.getByText('처리했습니다.')).toBeVisible();
  await advancePastNextCharge(person.email);
  await ops.reload();
  await expect(ops.getByRole('region', { name: '상태' })).toContainText('이용 중');
  await expect(ops.getByRole('table', { name: '이 구독에 대한 운영 기록' })).toContainText('subscription.retry_now');
  await shot(ops, testInfo, '2-retried');

  await customer.reload();
  await expect(subscription(customer)).toContainText('이용 중');

  // Cancel now asks first, in the page's own dialog, and says what the customer keeps: the coffee
  // box of a paid period ships anyway, so nothing is refunded. 취소 leaves it running.
  const cancelNow = ops.getByRole('button', { name: '지금 해지 (결제된 회차는 환불 없음)' });
  await cancelNow.click();
  const confirm = ops.getByRole('alertdialog', { name: '지금 해지할까요?' });
  await expect(confirm).toContainText('결제된 이번 회차 상자는 환불하지 않고 그대로 발송하며');
  await confirm.getByRole('button', { name: '취소' }).click();
  await expect(confirm).toBeHidden();
  await expect(ops.getByRole('region', { name: '상태' })).toContainText('이용 중');
  await cancelNow.click();
  await shot(ops, testInfo, '3-cancel-now-asks');
  await confirm.getByRole('button', { name: '지금 해지' }).click();
  await expect(ops.getByText('처리했습니다.')).toBeVisible();
  await expect(ops.getByRole('region', { name: '상태' })).toContainText('해지됨');
  await shot(ops, testInfo, '4-cancelled-now');
});

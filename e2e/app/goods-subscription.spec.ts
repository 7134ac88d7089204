// Subscriptions that ship (issue 25.4), in Chromium against the emulator: a coffee plan asks where
// to deliver, the address can be changed later, and after a period has renewed (a box per paid
// period) cancel-now says before confirming that the paid period is not refunded and its box ships
// anyway — and the service records no refund.
// Tagged @clock: it moves its merchant's clock, on its worker slot's app (support/clock-app.ts).
import type { Page } from '@playwright/test';
import { registerCardByKeyIn } from '../support/cards';
import { clockEmulator as emulator, expect, test } from '../support/clock-app';
import { shot, signUp } from '../support/customers';
import { AGREE } from '../support/subscriptions';

const PLAN = '월간 원두 정기배송';
/** Looks at the page as a phone shows it (390 wide), then back at the desktop size. */
async function asPhone(page: Page, look: () => Promise<unknown>) {
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await look();
  if (desktop) await page.setViewportSize(desktop);
}
const subscription = (page: Page) => page.getByRole('article', { name: new RegExp(PLAN) });

test('a goods subscription with an address, changed later; after a renewed period cancel now refunds nothing of it @clock', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const person = await signUp(page);
  await registerCardByKeyIn(page);

  // The plan asks for the address beside its terms; without one nothing is sent.
  await page.goto('/account/subscriptions');
  const item = page.getByRole('listitem', { name: PLAN });
  await expect(item).toContainText('해지해도 결제된 회차의 상자는 그대로 보내 드리며, 그 회차는 환불되지 않습니다');
  await item.getByRole('button', { name: '구독하기' }).click();
  await item.getByRole('checkbox', { name: AGREE }).check();
  await item.getByRole('button', { name: '동의하고 구독하기' }).click();
  await expect(item).toContainText('받는 분을 입력해 주세요.');
  expect((await emulator.payments()).filter((p) => p.buyer_email === person.email)).toEqual([]);
  await item.getByLabel('받는 분').fill('김구독');
  await item.getByLabel('휴대폰 번호').fill('010-1234-5678');
  await item.getByLabel('우편번호').fill('04524');
  await item.getByLabel('주소', { exact: true }).fill('서울특별시 중구 세종대로 110');
  await item.getByLabel('상세 주소').fill('3층');
  await shot(page, testInfo, '1-address-with-terms');
  await asPhone(page, () => shot(page, testInfo, '1-address-with-terms-phone'));
  await item.getByRole('button', { name: '동의하고 구독하기' }).click();
  await expect(item.getByRole('status')).toContainText('구독이 시작되었습니다');
  const address = subscription(page).getByRole('region', { name: '배송지' });
  await expect(address).toContainText('김구독 · 010-1234-5678');

  // Changed later: the next deliveries go to the new address.
  await address.getByRole('button', { name: '배송지 변경' }).click();
  const form = subscription(page).getByRole('form', { name: '배송지 변경' });
  await form.getByLabel('받는 분').fill('박받음');
  await form.getByLabel('주소', { exact: true }).fill('서울특별시 강남구 테헤란로 152');
  await form.getByRole('button', { name: '배송지 저장' }).click();
  await expect(page.getByRole('region', { name: /^알림/ })).toContainText('배송지를 바꿨습니다');
  await page.reload();
  await expect(subscription(page).getByRole('region', { name: '배송지' })).toContainText('박받음 · 010-1234-5678');
  await expect(subscription(page).getByRole('region', { name: '배송지' })).toContainText('테헤란로 152');
  await shot(page, testInfo, '2-address-changed');

  // A period later: the renewal is paid (that period's goods ship).
  const booked = (await emulator.schedules()).filter(
    (s) => s.buyer_email === person.email && s.schedule_status === 'scheduled',
  );
  expect(booked).toHaveLength(1);
  await emulator.advanceClock((booked[0]?.schedule_at ?? 0) - (await emulator.now()) + 60);
  await expect
    .poll(async () => (await emulator.payments()).filter((p) => p.buyer_email === person.email && p.status === 'paid'))
    .toHaveLength(2);
  await emulator.advanceClock(10 * 86_400);
  await page.reload();
  const renewed = subscription(page)
    .getByRole('table', { name: '결제 이력' })
    .getByRole('row')
    .filter({ hasText: '결제 완료' });
  await expect(renewed).toHaveCount(2);

  // Cancel now: the dialog says, before confirming, that the paid period is not refunded and its box
  // (not sent yet) ships all the same.
  await subscription(page).getByRole('button', { name: '구독 해지' }).click();
  const choices = subscription(page).getByRole('group', { name: '구독 해지' });
  const quote = choices.getByRole('status');
  await expect(quote).toContainText(
    '환불 0원: 이번 회차 상자는 결제된 회차라 환불되지 않으며, 아직 발송 전이어도 해지와 상관없이 그대로 보내 드립니다.',
  );
  await expect(quote).toContainText('다음 배송과 결제는 없습니다');
  await expect(quote).not.toContainText('남은');
  await shot(page, testInfo, '3-cancel-now-shipped');
  await asPhone(page, () => shot(page, testInfo, '3-cancel-now-shipped-phone'));
  await choices.getByRole('button', { name: '지금 해지하기' }).click();
  await expect(page.getByRole('region', { name: /^알림/ })).toContainText(
    '아직 발송 전이어도 해지와 상관없이 그대로 보내 드립니다',
  );
  await expect(subscription(page)).toContainText('해지됨');
  await shot(page, testInfo, '4-cancelled');

  // The service holds both payments whole: nothing refunded, nothing further booked.
  const payments = (await emulator.payments()).filter((p) => p.buyer_email === person.email && p.amount > 0);
  expect(payments.map((p) => [p.status, p.cancel_amount])).toEqual([
    ['paid', 0],
    ['paid', 0],
  ]);
  expect(
    (await emulator.schedules()).filter((s) => s.buyer_email === person.email && s.schedule_status === 'scheduled'),
  ).toEqual([]);
});

// Subscribing through /account/subscriptions as a customer does: open the plan's terms (and, for a
// goods plan, give the delivery address), check the separate consent box (it starts unchecked),
// confirm, and wait for the page to say it started.
import { expect, type Locator, type Page } from '@playwright/test';
import { SUBSCRIBER_ADDRESS } from '../../test/fixtures/shipping';

export const AGREE = '정기결제(자동결제)에 동의합니다';

/** A delivery address for goods plans (the coffee), as a customer types it. */
export const E2E_SHIPPING = SUBSCRIBER_ADDRESS;

/**
 * A goods plan asks where to deliver: fills the address fields the plan's item shows (left as
 * they are when the saved default address already filled them); a service plan shows none.
 */
export async function fillAddress(item: Locator, shipping = E2E_SHIPPING) {
  // The plan's form (its consent box, and for goods the address) renders after 구독하기: wait for it
  // before asking whether it has an address (on a loaded machine it may not be there yet).
  await expect(item.getByRole('checkbox', { name: AGREE })).toBeVisible();
  const recipient = item.getByLabel('받는 분');
  if ((await recipient.count()) === 0 || (await recipient.inputValue()) !== '') return;
  await recipient.fill(shipping.recipient);
  await item.getByLabel('휴대폰 번호').fill(shipping.phone);
  await item.getByLabel('우편번호').fill(shipping.postcode);
  await item.getByLabel('주소', { exact: true }).fill(shipping.address);
  await item.getByLabel('상세 주소').fill(shipping.addressDetail);
}

/**
 * What a new subscription to `plan` pays now, as its terms say ("결제 금액: 19,900원" → "19,900원"):
 * a clock app's price may have been changed by a price-change spec that ran on it before.
 */
export async function termsPrice(page: Page, plan: string): Promise<string> {
  const text = await (await openTerms(page, plan)).textContent();
  const price = /결제 금액: ([\d,]+원)/.exec(text ?? '')?.[1];
  if (!price) throw new Error(`no 결제 금액 in the terms of ${plan}: ${text}`);
  return price;
}

/** Opens the terms of `plan` on /account/subscriptions; answers the plan's list item. */
export async function openTerms(page: Page, plan: string) {
  await page.goto('/account/subscriptions');
  const item = page.getByRole('listitem', { name: plan, exact: true });
  await item.getByRole('button', { name: '구독하기' }).click();
  await expect(item.getByRole('checkbox', { name: AGREE })).toBeVisible();
  await fillAddress(item);
  return item;
}

/** Subscribes to `plan` with consent; `started` is what the page says once it has (a trial says otherwise). */
export async function subscribeTo(page: Page, plan: string, started = '구독이 시작되었습니다') {
  const item = await openTerms(page, plan);
  await item.getByRole('checkbox', { name: AGREE }).check();
  await item.getByRole('button', { name: '동의하고 구독하기' }).click();
  await expect(item.getByRole('status')).toContainText(started);
  return item;
}

/** The won amount in `text` before `suffix` ("…1,234원을 환불…" with suffix "을 환불" → 1234). */
export const wonIn = (text: string | null, suffix = '') =>
  Number(new RegExp(`([\\d,]+)원${suffix}`).exec(text ?? '')?.[1]?.replaceAll(',', '') ?? Number.NaN);

/**
 * 지금 해지하기 on the hourly demo plan half an hour in: the refund quoted before confirming is about
 * half of its 1,000원 (the emulator's clock runs on, so a little less), the refund made is no more than
 * quoted, and the card says 해지됨. `quotedShot` runs while the quote is shown. Answers both amounts.
 */
export async function cancelNowHalfway(card: Locator, quotedShot: () => Promise<unknown>) {
  const page = card.page();
  await card.getByRole('button', { name: '구독 해지' }).click();
  const choices = card.getByRole('group', { name: '구독 해지' });
  await expect(choices.getByRole('status')).toContainText(/원을 환불합니다 \(남은 \d+초 \/ 전체 3600초/);
  const quoted = wonIn(await choices.getByRole('status').textContent(), '을 환불합니다');
  expect(quoted).toBeGreaterThan(400);
  expect(quoted).toBeLessThanOrEqual(500);
  await quotedShot();
  await choices.getByRole('button', { name: '지금 해지하기' }).click();
  const done = page.getByRole('region', { name: /^알림/ }).getByText(/지금 해지했습니다/);
  await expect(done).toContainText('원을 결제한 카드로 환불했습니다.');
  const refunded = wonIn(await done.textContent(), '을 결제한');
  expect(refunded).toBeLessThanOrEqual(quoted);
  expect(refunded).toBeGreaterThan(400);
  await expect(card).toContainText('해지됨');
  return { quoted, refunded };
}

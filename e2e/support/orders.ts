// The product page's order sheet and the one-click confirmation, for the app's e2e specs, and the
// purchases several specs start from.
import { expect, type Page } from '@playwright/test';
import { fillWindowCard, registerCardByKeyIn } from './cards';
import { type Person, signUp } from './customers';

/** Fills the 주문서's delivery fields (a first order: nothing saved yet). */
export async function fillOrderSheet(page: Page) {
  await page.getByLabel('휴대폰 번호').fill('010-2345-6789');
  await page.getByLabel('우편번호').fill('04524');
  await page.getByLabel('주소', { exact: true }).fill('서울특별시 중구 세종대로 110');
  await page.getByLabel('상세 주소').fill('3층');
}

/** 결제 수단 신용·체크카드 (nothing is chosen for a first purchase), then the button that opens its window. */
export async function payByCardInWindow(page: Page) {
  await page.getByRole('radio', { name: '신용·체크카드' }).check();
  await page.getByRole('button', { name: '신용·체크카드로 결제하기' }).click();
}

/** 바로 구매, then the confirmation dialog's consent button. */
export async function buyNowConfirmed(page: Page) {
  await page.getByRole('button', { name: '바로 구매' }).click();
  const dialog = page.getByRole('alertdialog', { name: '주문 확인' });
  await expect(dialog).toContainText('주문 내용을 확인했으며 결제에 동의합니다.');
  await dialog.getByRole('button', { name: '동의하고 결제하기' }).click();
}

/**
 * A new customer, signed up with a card saved by key-in, buys 드립백 20개입 with one click:
 * 15,900원 and 3,000원 of shipping (under 30,000원), 18,900원 charged. Answers the person, on the
 * purchase result.
 */
export async function customerWithPaidOrder(page: Page): Promise<Person> {
  const person = await signUp(page);
  await registerCardByKeyIn(page);
  await page.goto('/products/drip-bag-20?window=layer');
  await expect(page.getByText('카드 정보를 불러오는 중…')).toHaveCount(0);
  await fillOrderSheet(page);
  await buyNowConfirmed(page);
  await expect(page.getByText('결제가 완료되었습니다.')).toBeVisible();
  return person;
}

/** From the purchase result, the page of the order just placed; answers the order's number. */
export async function openPlacedOrder(page: Page): Promise<string> {
  await page.getByRole('link', { name: '주문 상세 보기' }).click();
  await expect(page).toHaveURL(/\/account\/orders\/\d{6}-\d{6}\?placed=1$/);
  await expect(page.getByText('주문이 완료되었습니다.')).toBeVisible();
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

/**
 * On a phone, the card's window from a product page takes the whole page to the payment window; paid
 * there with the approved card, it comes back to /checkout/complete.
 */
export async function buyInFullPageWindow(page: Page, productId = 'ceramic-mug') {
  await page.goto(`/products/${productId}`);
  await fillOrderSheet(page);
  await payByCardInWindow(page);
  await expect(page).toHaveURL(/\/__emulator\/windows\//);
  await fillWindowCard(page);
  await page.getByRole('button', { name: '결제하기' }).click();
  await expect(page).toHaveURL(/\/checkout\/complete\?order=ord_/);
  await expect(page.getByText('결제가 완료되었습니다.')).toBeVisible();
}

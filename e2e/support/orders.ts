// The product page's order sheet and the one-click confirmation, for the app's e2e specs.
import { expect, type Page } from '@playwright/test';

/** Fills the 주문서's delivery fields (a first order: nothing saved yet). */
export async function fillOrderSheet(page: Page) {
  await page.getByLabel('휴대폰 번호').fill('010-2345-6789');
  await page.getByLabel('우편번호').fill('04524');
  await page.getByLabel('주소', { exact: true }).fill('서울특별시 중구 세종대로 110');
  await page.getByLabel('상세 주소').fill('3층');
}

/** 바로 구매, then the confirmation dialog's consent button. */
export async function buyNowConfirmed(page: Page) {
  await page.getByRole('button', { name: '바로 구매' }).click();
  const dialog = page.getByRole('alertdialog', { name: '주문 확인' });
  await expect(dialog).toContainText('주문 내용을 확인했으며 결제에 동의합니다.');
  await dialog.getByRole('button', { name: '동의하고 결제하기' }).click();
}

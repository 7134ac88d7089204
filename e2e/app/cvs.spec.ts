// Convenience-store barcodes, end to end: issued on /cvs, paid at the emulator's store counter
// (which asks the app's collection check first and then notifies the app), or cancelled.
import { expect, type Page, test } from '@playwright/test';
import { emulatorUrl } from '../../playwright.config';
import { connectEmulator } from '../../test/emulator/kit';
import { shot, signUp } from '../support/customers';

const emulator = connectEmulator(emulatorUrl);
const barcodes = (page: Page) => page.getByRole('list', { name: '결제 대기 바코드' }).getByRole('listitem');

async function issueBarcode(page: Page, product: string): Promise<string> {
  await page.goto('/cvs');
  const form = page.getByRole('form', { name: '편의점 결제 바코드 발급' });
  await form.getByLabel(product).check();
  await form.getByRole('button', { name: '바코드 발급' }).click();
  const card = barcodes(page).filter({ hasText: product });
  await expect(card).toHaveCount(1);
  return (await card.locator('strong.barcode').textContent()) ?? '';
}

test('a barcode issued on /cvs, paid at the store counter, shows as paid', async ({ page }, testInfo) => {
  await signUp(page);
  const barcode = await issueBarcode(page, '드립백 20개입');
  expect(barcode).toMatch(/\d{6,}/);
  // A scannable image beside the number: loaded (the server drew it), named for screen readers.
  const image = barcodes(page).getByRole('img', { name: `수납 번호 ${barcode} 바코드` });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const svg = await page.request.get((await image.getAttribute('src')) ?? '');
  expect(svg.headers()['content-type']).toBe('image/svg+xml');
  expect(await svg.text()).toContain('<svg');
  await shot(page, testInfo, '1-barcode');

  const payment = (await emulator.payments()).find((p) => p.vbank_num === barcode);
  if (!payment) throw new Error('no payment for the barcode');
  const collected = await emulator.collectCvs(payment.imp_uid);
  expect(collected.outcome).toBe('paid');

  await page.goto('/account/orders');
  const order = page.getByRole('list', { name: '주문 목록' }).getByRole('listitem');
  await expect(order).toContainText('편의점 결제');
  await expect(order).toContainText('결제 완료');
  await shot(page, testInfo, '2-paid');
});

test('a cancelled barcode, once confirmed, leaves the list and can no longer be paid', async ({ page }, testInfo) => {
  await signUp(page);
  const barcode = await issueBarcode(page, '도자기 머그컵');
  // Changing one's mind in the confirmation keeps the barcode.
  await barcodes(page).getByRole('button', { name: '바코드 취소' }).click();
  const confirm = page.getByRole('alertdialog', { name: '이 바코드를 취소할까요?' });
  await expect(confirm).toContainText(barcode);
  await shot(page, testInfo, '1-cancel-confirm');
  await confirm.getByRole('button', { name: '닫기' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(barcodes(page)).toHaveCount(1);

  await barcodes(page).getByRole('button', { name: '바코드 취소' }).click();
  await confirm.getByRole('button', { name: '바코드 취소하기' }).click();
  await expect(page.getByText('결제를 기다리는 바코드가 없습니다.')).toBeVisible();
  const payment = (await emulator.payments()).find((p) => p.vbank_num === barcode);
  await expect(emulator.collectCvs(payment?.imp_uid ?? '')).rejects.toThrow();
});

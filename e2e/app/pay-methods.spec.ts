// Paying with each method the order sheet offers (issue 36), end to end: the product page's 결제 수단,
// the emulator's window for that method (a wallet's approval, a transfer's bank, a phone's carrier
// and one-time code, a 가상계좌 issued at once), and the result the server settled — on a desktop
// (the window as a layer) and on a phone (the window takes the whole page and comes back).
import { devices, expect, type FrameLocator, type Page, test } from '@playwright/test';
import { fillWindowCard, paymentLayer } from '../support/cards';
import { shot, signUp } from '../support/customers';
import { fillOrderSheet } from '../support/orders';

type Window = FrameLocator | Page;

interface Method {
  /** The tile's name on the order sheet and the button it gives. */
  radio: string;
  button: string;
  /** Completes the method's window as a customer would. */
  pay(window: Window): Promise<void>;
}

const approveInWallet =
  (name: string) =>
  async (window: Window): Promise<void> => {
    await expect(window.getByRole('heading', { name: `${name} 결제` })).toBeVisible();
    await expect(window.getByLabel('휴대폰 번호')).not.toHaveValue('');
    await window.getByRole('button', { name: '결제 승인' }).click();
  };

/** The phone bill: carrier and number, then the one-time code the emulator shows testers. */
async function payByPhone(window: Window, phone = '010-2345-6789'): Promise<void> {
  await window.getByLabel('통신사').selectOption({ label: 'SKT' });
  await window.getByLabel('휴대폰 번호').fill(phone);
  await window.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(window.getByText('테스트 인증번호: 123456')).toBeVisible();
  await window.getByLabel('인증번호').fill('123456');
  await window.getByRole('button', { name: '결제하기' }).click();
}

const METHODS = {
  card: {
    radio: '신용·체크카드',
    button: '신용·체크카드로 결제하기',
    async pay(window) {
      await fillWindowCard(window);
      await window.getByRole('button', { name: '결제하기' }).click();
    },
  },
  kakaopay: { radio: '카카오페이', button: '카카오페이로 결제하기', pay: approveInWallet('카카오페이') },
  naverpay: { radio: '네이버페이', button: '네이버페이로 결제하기', pay: approveInWallet('네이버페이') },
  tosspay: { radio: '토스페이', button: '토스페이로 결제하기', pay: approveInWallet('토스페이') },
  trans: {
    radio: '실시간 계좌이체',
    button: '실시간 계좌이체로 결제하기',
    async pay(window) {
      await window.getByLabel('은행').selectOption({ label: 'KB국민은행' });
      await window.getByRole('button', { name: '이체하기' }).click();
    },
  },
  phone: { radio: '휴대폰 결제', button: '휴대폰으로 결제하기', pay: (window) => payByPhone(window) },
  vbank: {
    radio: '가상계좌',
    button: '가상계좌 발급받기',
    async pay(window) {
      await window.getByLabel('입금 은행').selectOption({ label: 'KB국민은행' });
      await window.getByRole('button', { name: '가상계좌 발급받기' }).click();
    },
  },
} satisfies Record<string, Method>;
type MethodName = keyof typeof METHODS;
const PAID: MethodName[] = ['card', 'kakaopay', 'naverpay', 'tosspay', 'trans', 'phone'];

const orderItems = (page: Page) => page.getByRole('list', { name: '주문 목록' }).getByRole('listitem');
/** What the page says went wrong (the framework's route announcer is an alert too, with other words). */
const failure = (page: Page) => page.getByRole('alert').filter({ hasText: /실패|취소|못했|않았|넘었|부족/ });

/** On the product page (already open): the order sheet, the method, its button. */
async function choose(page: Page, method: Method) {
  await fillOrderSheet(page);
  await page.getByRole('radio', { name: method.radio }).check();
  await page.getByRole('button', { name: method.button }).click();
}

test.describe('on a desktop (the window as a layer)', () => {
  const openProduct = (page: Page) => page.goto('/products/ceramic-mug?window=layer');

  for (const name of PAID) {
    test(`${METHODS[name].radio}: paid in its window, verified by the server, listed as paid`, async ({
      page,
    }, testInfo) => {
      await signUp(page);
      await openProduct(page);
      await choose(page, METHODS[name]);
      await METHODS[name].pay(paymentLayer(page));
      await expect(page.getByText('결제가 완료되었습니다.')).toBeVisible();
      await shot(page, testInfo, `${name}-paid`);
      await page.goto('/account/orders');
      await expect(orderItems(page)).toHaveCount(1);
      await expect(orderItems(page)).toContainText('결제 완료');
    });
  }

  test('가상계좌: issued in the window, the order waits as 입금 대기 — placed, not an error', async ({
    page,
  }, testInfo) => {
    await signUp(page);
    await openProduct(page);
    await choose(page, METHODS.vbank);
    await METHODS.vbank.pay(paymentLayer(page));
    await expect(page.getByText('가상계좌가 발급되었습니다. 입금하면 주문이 완료됩니다.').first()).toBeVisible();
    await expect(page.getByRole('button', { name: '새로 구매하기' })).toBeVisible();
    await expect(failure(page)).toHaveCount(0);
    await shot(page, testInfo, 'vbank-issued');
    await page.goto('/account/orders');
    await expect(orderItems(page)).toContainText('입금 대기');
  });

  test('nothing is chosen for a first purchase; the method used last comes first and chosen on the next visit', async ({
    page,
  }) => {
    await signUp(page);
    await openProduct(page);
    await expect(page.getByRole('radio').first()).toHaveAccessibleName('신용·체크카드');
    await expect(page.locator('input[name="pay-method"]:checked')).toHaveCount(0);
    await fillOrderSheet(page);
    await page.getByRole('button', { name: '결제하기', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: '결제 수단을 선택해 주세요.' })).toBeVisible();
    await expect(page.getByRole('radio', { name: '신용·체크카드' })).toBeFocused();
    await page.getByRole('radio', { name: METHODS.vbank.radio }).check();
    await page.getByRole('button', { name: METHODS.vbank.button }).click();
    await METHODS.vbank.pay(paymentLayer(page));
    await expect(page.getByRole('button', { name: '새로 구매하기' })).toBeVisible();

    await openProduct(page);
    const first = page.getByRole('radio').first();
    await expect(first).toHaveAccessibleName('가상계좌 최근 사용');
    await expect(first).toBeChecked();
    await expect(page.locator('input[name="pay-method"]:checked')).toHaveCount(1);
    await expect(page.getByRole('button', { name: '가상계좌 발급받기' })).toBeVisible();
  });

  test('a wallet that declines, a phone over its limit and a bank under maintenance say why, in plain words', async ({
    page,
  }, testInfo) => {
    await signUp(page);
    await openProduct(page);
    await choose(page, METHODS.kakaopay);
    const wallet = paymentLayer(page);
    await wallet.getByLabel('휴대폰 번호').fill('010-4000-0002');
    await wallet.getByRole('button', { name: '결제 승인' }).click();
    await expect(failure(page)).toContainText('간편결제 잔액이 부족합니다');
    await shot(page, testInfo, 'wallet-declined');

    await openProduct(page);
    await choose(page, METHODS.phone);
    await payByPhone(paymentLayer(page), '010-4000-9987');
    await expect(failure(page)).toContainText('휴대폰 결제 월 한도를 넘었습니다');

    await openProduct(page);
    await choose(page, METHODS.trans);
    const bank = paymentLayer(page);
    await bank.getByLabel('은행').selectOption({ label: '대구은행' });
    await bank.getByRole('button', { name: '이체하기' }).click();
    await expect(failure(page)).toContainText('은행 점검 시간이라 이체하지 못했습니다');
  });

  test('cancelling a wallet window says so, and nothing is paid', async ({ page }) => {
    await signUp(page);
    await openProduct(page);
    await choose(page, METHODS.tosspay);
    await paymentLayer(page).getByRole('button', { name: '취소' }).click();
    await expect(failure(page)).toContainText('결제를 취소했습니다.');
    // Another method after the cancel opens its own window.
    await page.getByRole('radio', { name: '카카오페이' }).check();
    await page.getByRole('button', { name: '카카오페이로 결제하기' }).click();
    await METHODS.kakaopay.pay(paymentLayer(page));
    await expect(page.getByText('결제가 완료되었습니다.')).toBeVisible();
  });
});

test.describe('on a phone (the window takes the whole page)', () => {
  const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
  test.use(pixel);

  for (const name of PAID) {
    test(`${METHODS[name].radio}: paid in its window, back on /checkout/complete as paid`, async ({
      page,
    }, testInfo) => {
      await signUp(page);
      await page.goto('/products/ceramic-mug');
      await choose(page, METHODS[name]);
      await expect(page).toHaveURL(/\/__emulator\/windows\//);
      await METHODS[name].pay(page);
      await expect(page).toHaveURL(/\/checkout\/complete\?order=ord_/);
      await expect(page.getByText('결제가 완료되었습니다.')).toBeVisible();
      await shot(page, testInfo, `${name}-returned`);
    });
  }

  test('가상계좌: issued in the window, back on /checkout/complete as 입금 대기', async ({ page }, testInfo) => {
    await signUp(page);
    await page.goto('/products/ceramic-mug');
    await choose(page, METHODS.vbank);
    await expect(page).toHaveURL(/\/__emulator\/windows\//);
    await METHODS.vbank.pay(page);
    await expect(page).toHaveURL(/\/checkout\/complete\?order=ord_/);
    await expect(page.getByText('결제가 완료되지 않았습니다.')).toHaveCount(0);
    await expect(failure(page)).toHaveCount(0);
    await shot(page, testInfo, 'vbank-returned');
    await page.getByRole('link', { name: '주문 내역' }).last().click();
    await expect(orderItems(page)).toContainText('입금 대기');
  });
});

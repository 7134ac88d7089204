// 순차공개 가격책정 (전자상거래법 시행령 §20조의2): the first screen that shows a price shows the total the
// customer pays — shipping included, with what it is made of beside it: the product list, a product
// page (signed out, and its order sheet signed in, for the quantity chosen) and the plans. On a
// desktop and a phone, measured against the viewport at the top of each page.
import { expect, test } from '@playwright/test';
import { expectInFirstScreen, onEachScreen } from '../support/compliance';
import { shot, signUp } from '../support/customers';

test.describe.configure({ timeout: 120_000 });

/** The shop's products and what one of each costs, shipping (3,000원 under 30,000원) included. */
const PRODUCTS = [
  {
    id: 'house-blend-1kg',
    name: '하우스 블렌드 원두 1kg',
    total: '총 31,000원',
    parts: '상품 28,000원 + 배송비 3,000원',
  },
  { id: 'drip-bag-20', name: '드립백 20개입', total: '총 18,900원', parts: '상품 15,900원 + 배송비 3,000원' },
  { id: 'ceramic-mug', name: '도자기 머그컵', total: '총 15,000원', parts: '상품 12,000원 + 배송비 3,000원' },
];

onEachScreen((screen) => {
  test(`the total with shipping first: list, product, order sheet, plans (${screen})`, async ({ page }, testInfo) => {
    await page.goto('/products');
    const list = page.getByRole('list', { name: '상품 목록' });
    for (const product of PRODUCTS) {
      const card = list.getByRole('link', { name: new RegExp(product.name) });
      await expect(card).toContainText(product.total);
      await expect(card).toContainText(product.parts);
    }
    // What the first screen shows of the list is a total, never a bare price.
    await expectInFirstScreen(page, list.getByText(PRODUCTS[0]?.total ?? '').first());
    await shot(page, testInfo, `1-list-${screen}`);

    await page.goto('/products/drip-bag-20');
    await expectInFirstScreen(page, page.getByText('총 18,900원'));
    await shot(page, testInfo, `2-product-${screen}`);

    await signUp(page);
    await page.goto('/products/drip-bag-20');
    const total = page.getByText(/^총 [\d,]+원$/).first();
    await expectInFirstScreen(page, total);
    await expect(total).toHaveText('총 18,900원');
    await shot(page, testInfo, `3-order-sheet-${screen}`);
    // Two: 31,800원 ships free — the total follows the quantity, and the payment panel agrees.
    await page.getByLabel('수량').fill('2');
    await expect(total).toHaveText('총 31,800원');
    await expect(page.getByText('(상품 31,800원, 배송비 무료, 2개)')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: '31,800원' }).last()).toBeVisible();

    await page.goto('/account/subscriptions');
    const plans = page.getByRole('list', { name: '요금제 목록' });
    await expect(plans.getByRole('listitem', { name: '월간 원두 정기배송' })).toContainText('/ 1개월 (배송비 포함)');
    await expect(plans.getByRole('listitem', { name: '원두 테이스팅 클럽' })).toContainText('14일 무료 체험 후');
    await expectInFirstScreen(page, plans.getByText('(배송비 포함)').first());
    await shot(page, testInfo, `4-plans-${screen}`);
  });
});

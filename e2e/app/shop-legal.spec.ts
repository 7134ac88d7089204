// What a Korean shopper looks for before paying (issue 25, item 1): the seller's particulars in a
// footer on every customer page, the terms and the privacy policy — the same versioned texts the
// signup consents record — on a desktop and a phone. The operator console has no shop footer.
// And (item 7) long values on a phone: the order sheet's limits and a confirmation that wraps.
import { expect, type Page, test } from '@playwright/test';
import { registerCardByKeyIn } from '../support/cards';
import { shot, signUp } from '../support/customers';
import { fillOrderSheet } from '../support/orders';

const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

const SELLER_LABELS = [
  '상호',
  '대표자',
  '영업소 주소',
  '전화번호',
  '전자우편주소',
  '사업자등록번호',
  '통신판매업 신고번호',
  '개인정보 보호책임자',
];

async function expectFooter(page: Page) {
  const footer = page.getByRole('contentinfo');
  await expect(footer).toBeVisible();
  const seller = footer.getByRole('region', { name: '사업자 정보' });
  for (const label of SELLER_LABELS) {
    await expect(seller.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();
  }
  // Unconfigured, the particulars are plainly a demo's.
  await expect(seller).toContainText('(데모) 주식회사 임프상점');
  await expect(seller).toContainText('(데모) 000-00-00000');
  const policies = footer.getByRole('navigation', { name: '약관 및 정책' });
  await expect(policies.getByRole('link', { name: '이용약관' })).toHaveAttribute('href', '/terms');
  const privacy = policies.getByRole('link', { name: '개인정보처리방침' });
  await expect(privacy).toHaveAttribute('href', '/privacy');
  // Bold, as Korean shops show it.
  expect(Number(await privacy.evaluate((link) => getComputedStyle(link).fontWeight))).toBeGreaterThanOrEqual(700);
}

for (const [device, viewport] of Object.entries(viewports)) {
  test.describe(`${device} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport, isMobile: device === 'phone', hasTouch: device === 'phone' });

    test('every customer page has the footer; its links open the terms and the privacy policy', async ({
      page,
    }, testInfo) => {
      for (const path of ['/', '/products', '/products/drip-bag-20', '/signin', '/signup']) {
        await page.goto(path);
        await expectFooter(page);
      }
      // No horizontal scrolling on a phone: the footer wraps.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
      await shot(page, testInfo, `${device}-footer`);

      await page.getByRole('contentinfo').getByRole('link', { name: '이용약관' }).click();
      await expect(page).toHaveURL(/\/terms$/);
      await expect(page.getByRole('heading', { level: 1, name: '이용약관' })).toBeVisible();
      // The version a signup consents to, and real terms (not a placeholder).
      await expect(page.getByText(/버전 terms-2026-11-v4/)).toBeVisible();
      await expect(page.getByText(/^제10조\(청약철회\)/)).toBeVisible();
      await expect(page.getByText('이용약관 전문입니다.')).toHaveCount(0);
      await page.screenshot({ path: testInfo.outputPath(`${device}-terms.png`), fullPage: true });

      await page.getByRole('contentinfo').getByRole('link', { name: '개인정보처리방침' }).click();
      await expect(page).toHaveURL(/\/privacy$/);
      await expect(page.getByRole('heading', { level: 1, name: '개인정보처리방침' })).toBeVisible();
      for (const heading of [
        '1. 처리하는 개인정보 항목',
        '3. 보유 기간',
        '4. 처리 위탁',
        '7. 정보주체의 권리와 행사 방법',
      ]) {
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      }
      // What is kept and for how long (the README's retention table), who processes it, whom to ask.
      const retention = page.getByRole('table', { name: '3. 보유 기간' });
      await expect(retention).toContainText('5년');
      await expect(retention).toContainText('3년');
      await expect(retention).toContainText('6개월');
      await expect(page.getByRole('table', { name: '4. 처리 위탁' })).toContainText('결제 서비스');
      await expect(page.getByRole('table', { name: '4. 처리 위탁' })).toContainText('메일 발송 대행');
      await expect(page.getByText('개인정보 보호책임자: (데모) 개인정보 보호책임자 이름')).toBeVisible();
      await expect(page.getByText(/버전 privacy-2026-11-v2/)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: testInfo.outputPath(`${device}-privacy.png`), fullPage: true });
    });
  });
}

test('the operator console has no shop footer and no customer links', async ({ page }) => {
  await page.goto('/ops/signin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('link', { name: '로그인' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: '회원가입' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: viewports.phone, isMobile: true, hasTouch: true });

  test('the order sheet stops long values at their limits, and the confirmation wraps them inside the screen', async ({
    page,
  }, testInfo) => {
    await signUp(page);
    await registerCardByKeyIn(page);
    await page.goto('/products/drip-bag-20');
    await expect(page.getByText('카드 정보를 불러오는 중…')).toHaveCount(0);
    await fillOrderSheet(page);
    // Typed past the limit: the field keeps 20 characters (받는 분) and 100 (주소), and counts them.
    const recipient = page.getByLabel('받는 분');
    await recipient.fill('가'.repeat(200));
    await expect(recipient).toHaveValue('가'.repeat(20));
    await expect(page.getByText('20/20자')).toBeVisible();
    await page.getByLabel('주소', { exact: true }).fill('W'.repeat(150));
    await expect(page.getByLabel('주소', { exact: true })).toHaveValue('W'.repeat(100));
    await page.getByRole('button', { name: '바로 구매' }).click();
    const dialog = page.getByRole('alertdialog', { name: '주문 확인' });
    await expect(dialog).toContainText('W'.repeat(20));
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= viewports.phone.width).toBe(true);
    // Nothing inside is wider than the dialog (a long address wraps instead of running off).
    expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await shot(page, testInfo, 'phone-order-confirmation-long-values');
  });
});

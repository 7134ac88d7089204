// Every page and both hosted windows, on a desktop and a 390×844 phone: an axe-core scan with no
// serious or critical violation, and a full-page screenshot kept as an artifact for visual review.
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, viewports } from '../support/a11y';
import { certificationLayer, certifyIn, completeAccountStep, newPerson, signUp } from '../support/customers';
import { fillOrderSheet, payByCardInWindow } from '../support/orders';

async function visit(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // Whatever the page loads after hydration has arrived.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

for (const [device, viewport] of Object.entries(viewports)) {
  test.describe(`${device} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport, isMobile: device === 'phone', hasTouch: device === 'phone' });
    // Many pages per test, each scanned: bounded generously for a loaded 2-core machine.
    test.describe.configure({ timeout: 240_000 });

    test('pages a visitor sees', async ({ page }, testInfo) => {
      const pages: [string, string, string | RegExp][] = [
        ['home', '/', '임프 상점에 오신 것을 환영합니다'],
        ['products', '/products', '상품'],
        ['product-signed-out', '/products/drip-bag-20', '드립백 20개입'],
        ['signin', '/signin', '로그인'],
        ['signup', '/signup', '회원가입'],
        ['not-found', '/no-such-page', '페이지를 찾을 수 없습니다'],
        ['email-change', `/email-change?token=${'A'.repeat(43)}`, '이메일 변경 확인'],
        ['terms', '/terms', '이용약관'],
        ['privacy', '/privacy', '개인정보처리방침'],
      ];
      for (const [name, path, heading] of pages) {
        await visit(page, path, heading);
        await expectAccessible(page, testInfo, `${device}-${name}`);
      }
    });

    test('pages of a signed-in customer', async ({ page }, testInfo) => {
      // Signup's account step with its agreements, and one agreement's text open.
      const person = newPerson();
      await page.goto('/signup?window=layer');
      await page.getByRole('button', { name: '휴대폰 본인인증 하기' }).click();
      await certifyIn(certificationLayer(page), person);
      await expect(page.getByRole('checkbox', { name: '전체 동의' })).toBeVisible();
      await expectAccessible(page, testInfo, `${device}-signup-terms`);
      await page.getByRole('button', { name: '이용약관 보기' }).click();
      await expect(page.getByRole('dialog', { name: '이용약관' })).toBeVisible();
      await expectAccessible(page, testInfo, `${device}-signup-terms-dialog`);
      await page.keyboard.press('Escape');
      await completeAccountStep(page, person);
      const pages: [string, string, string | RegExp][] = [
        ['account', '/account', '내 계정'],
        ['cards', '/account/cards', '카드 관리'],
        ['orders', '/account/orders', '주문 내역'],
        ['subscriptions', '/account/subscriptions', '정기구독'],
        ['product', '/products/drip-bag-20', '드립백 20개입'],
        ['cvs', '/cvs', '편의점 결제'],
        ['checkout-complete', '/checkout/complete?order=ord_unknown', '결제 확인'],
      ];
      for (const [name, path, heading] of pages) {
        await visit(page, path, heading);
        await expectAccessible(page, testInfo, `${device}-${name}`);
      }
      // 이메일 변경 asked: the notice of the link mailed to the new address.
      await visit(page, '/account', '내 계정');
      const emailForm = page.getByRole('form', { name: '이메일 변경' });
      await emailForm.getByLabel('새 이메일').fill(`next-${person.email}`);
      await emailForm.getByLabel('현재 비밀번호').fill(person.password);
      await emailForm.getByRole('button', { name: '확인 메일 보내기' }).click();
      await expect(emailForm.getByRole('status')).toBeVisible();
      await expectAccessible(page, testInfo, `${device}-account-email-change`);
      // 회원탈퇴's confirmation, with a refusal shown in it.
      await visit(page, '/account', '내 계정');
      await page.getByRole('button', { name: '회원탈퇴' }).click();
      const dialog = page.getByRole('alertdialog', { name: '정말 탈퇴하시겠어요?' });
      await dialog.getByLabel('비밀번호 확인').fill('not-my-password');
      await dialog.getByRole('button', { name: '탈퇴하기' }).click();
      await expect(dialog.getByRole('alert')).toBeVisible();
      await expectAccessible(page, testInfo, `${device}-account-withdrawal-dialog`);
    });

    test('the hosted windows', async ({ page }, testInfo) => {
      await page.goto('/signup?window=popup');
      const certification = page.waitForEvent('popup');
      await page.getByRole('button', { name: '휴대폰 본인인증 하기' }).click();
      const certificationWindow = await certification;
      await expect(certificationWindow.getByRole('button', { name: '인증하기' })).toBeVisible();
      await certificationWindow.setViewportSize(viewport);
      await expectAccessible(certificationWindow, testInfo, `${device}-window-certification`);
      await certificationWindow.close();

      await signUp(page);
      await page.goto('/products/ceramic-mug?window=popup');
      await fillOrderSheet(page);
      const payment = page.waitForEvent('popup');
      await payByCardInWindow(page);
      const paymentWindow = await payment;
      await expect(paymentWindow.getByRole('button', { name: '결제하기' })).toBeVisible();
      await paymentWindow.setViewportSize(viewport);
      await expectAccessible(paymentWindow, testInfo, `${device}-window-payment`);
    });
  });
}

// Signup with identity certification, end to end: the app's pages, the emulator's client script
// and hosted certification window, the app's server verifying the result with the emulator.
import { devices, expect, test } from '@playwright/test';
import { certificationLayer, certifyIn, completeAccountStep, newPerson, shot, signUp } from '../support/customers';

test('sign up with the certification window as a layer, sign out, sign in again', async ({ page }, testInfo) => {
  const person = newPerson({ name: '박서준', gender: '남성' });
  await page.goto('/signup?window=layer');
  await shot(page, testInfo, '1-signup');
  await page.getByRole('button', { name: '휴대폰 본인인증 하기' }).click();
  const window = certificationLayer(page);
  await expect(window.getByText('만 19세 이상만')).toBeVisible();
  await shot(page, testInfo, '2-certification-layer');
  await certifyIn(window, person);

  await expect(page.getByRole('heading', { name: '2단계 · 계정 정보' })).toBeVisible();
  await expect(page.getByLabel('생년월일 · 성별')).toHaveValue(`${person.birthday} · 남성`);
  await shot(page, testInfo, '3-account-step');
  await completeAccountStep(page, person);
  await expect(page.getByText(person.email)).toBeVisible();
  await shot(page, testInfo, '4-account');

  await page.getByRole('button', { name: '로그아웃' }).click();
  await expect(page.getByRole('link', { name: '로그인' })).toBeVisible();
  await shot(page, testInfo, '5-signed-out');
  // Not /account: that is also where sign-in goes by default, so it would prove nothing.
  await page.goto('/account/cards');
  await expect(page).toHaveURL(/\/signin\?next=%2Faccount%2Fcards$/);
  await expect(page.getByRole('heading', { name: '로그인', level: 1 })).toBeVisible();
  await shot(page, testInfo, '6-signin');

  await page.getByLabel('이메일').fill(person.email);
  await page.getByLabel('비밀번호').fill(person.password);
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/account\/cards$/);
  await expect(page.getByRole('heading', { name: '카드 관리', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: `${person.name}님` })).toBeVisible();
  await shot(page, testInfo, '7-signed-in');
});

test('sign up with the certification window as a popup', async ({ page }, testInfo) => {
  const person = newPerson({ name: '이도윤' });
  await page.goto('/signup?window=popup');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: '휴대폰 본인인증 하기' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('button', { name: '인증하기' })).toBeVisible();
  await popup.screenshot({ path: testInfo.outputPath('1-certification-popup.png') });
  const closed = popup.waitForEvent('close');
  await certifyIn(popup, person);
  await closed;
  await completeAccountStep(page, person);
  await shot(page, testInfo, '2-account');
});

test('someone younger than 19 is refused, with the reason shown', async ({ page }, testInfo) => {
  const today = new Date();
  const seventeen = `${today.getFullYear() - 17}-01-01`;
  await page.goto('/signup?window=layer');
  await page.getByRole('button', { name: '휴대폰 본인인증 하기' }).click();
  await certifyIn(certificationLayer(page), newPerson({ birthday: seventeen }));
  // Age is not something a retry changes: an explanation and a way on, no retry button.
  await expect(page.getByRole('heading', { name: '만 19세 미만은 가입할 수 없습니다' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: '본인인증 다시 하기' })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: '상품 둘러보기' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '2단계 · 계정 정보' })).toHaveCount(0);
  await shot(page, testInfo, 'under-age');
});

test('a person who already has an account is sent to sign in', async ({ browser }, testInfo) => {
  const first = await browser.newPage();
  const person = await signUp(first, newPerson({ name: '최지우' }));
  await first.close();

  const page = await browser.newPage();
  await page.goto('/signup?window=layer');
  await page.getByRole('button', { name: '휴대폰 본인인증 하기' }).click();
  await certifyIn(certificationLayer(page), { ...person, email: 'other@example.com' });
  await expect(page.getByRole('main').getByRole('alert')).toContainText('이미 가입된 분입니다');
  await shot(page, testInfo, 'duplicate-person');
  await page.getByRole('link', { name: '로그인하러 가기' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.close();
});

test.describe('on a phone', () => {
  const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
  test.use(pixel);

  test('signup started on a product page takes the whole page for certification (m_redirect_url) and returns to the product', async ({
    page,
  }, testInfo) => {
    const person = newPerson({ name: '정하린' });
    await page.goto('/products/ceramic-mug');
    await page.getByRole('main').getByRole('link', { name: '회원가입' }).click();
    await expect(page).toHaveURL(/\/signup\?next=%2Fproducts%2Fceramic-mug$/);
    await page.getByRole('button', { name: '휴대폰 본인인증 하기' }).click();
    await expect(page).toHaveURL(/\/__emulator\/windows\//);
    await shot(page, testInfo, '1-certification-page');
    await certifyIn(page, person);
    await expect(page).toHaveURL(/\/signup\?.*imp_success=true/);
    await completeAccountStep(page, person, '/products/ceramic-mug');
    await expect(page.getByRole('heading', { name: '도자기 머그컵', level: 1 })).toBeVisible();
    await shot(page, testInfo, '2-back-on-product');
  });
});

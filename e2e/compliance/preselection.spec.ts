// 특정옵션 사전선택 (전자상거래법 시행령 §20조의2): on the first render of every form a customer fills,
// no box is ticked, no radio chosen and no select set for them — except a choice the customer made
// before (the card they pay with: their default, the one they used last). On a desktop and a phone.
import { expect, type Page, test } from '@playwright/test';
import { registerCardByKeyIn } from '../support/cards';
import { expectNothingPreselected, onEachScreen } from '../support/compliance';
import { certificationLayer, certifyIn, newPerson, shot } from '../support/customers';

test.describe.configure({ timeout: 180_000 });

/** Opens `path` and waits until nothing on it is still loading, then checks it. */
async function firstRender(page: Page, path: string, allowedSelects: string[] = []) {
  await page.goto(path);
  await expect(page.getByText('불러오는 중…')).toHaveCount(0);
  const controls = await expectNothingPreselected(page.getByRole('main'), allowedSelects);
  return controls;
}

onEachScreen((screen) => {
  test(`no box ticked and no option chosen for the customer, on every form (${screen})`, async ({ page }, testInfo) => {
    // Signed out: signing in, signing up (both steps), a product.
    await firstRender(page, '/signin');
    await firstRender(page, '/products/drip-bag-20');
    const person = newPerson();
    await page.goto('/signup?window=layer');
    await page.getByRole('button', { name: '휴대폰 본인인증 하기' }).click();
    await expectNothingPreselected(certificationLayer(page).locator('body'));
    await certifyIn(certificationLayer(page), person);
    await expect(page.getByLabel('이름 (본인인증)')).toHaveValue(person.name);
    expect(await expectNothingPreselected(page.getByRole('main'))).toBeGreaterThanOrEqual(4);
    await shot(page, testInfo, `1-signup-terms-${screen}`);
    await page.getByLabel('이메일').fill(person.email);
    await page.getByLabel('비밀번호', { exact: true }).fill(person.password);
    await page.getByLabel('비밀번호 확인').fill(person.password);
    await page.getByLabel('전체 동의').check();
    await page.getByRole('button', { name: '가입하기' }).click();
    await expect(page).toHaveURL(/\/account$/);

    // Signed in: the account (email, password, marketing, 회원탈퇴), cards, the shop, the barcode, plans.
    await firstRender(page, '/account');
    await page.getByRole('button', { name: '회원탈퇴' }).click();
    await expectNothingPreselected(page.getByRole('alertdialog'));
    await page.getByRole('alertdialog').getByRole('button', { name: '취소' }).click();
    expect(await firstRender(page, '/account/cards')).toBeGreaterThanOrEqual(1);
    await registerCardByKeyIn(page);
    // The card select shows the customer's default card: a choice they made.
    expect(await firstRender(page, '/products/drip-bag-20', ['card'])).toBeGreaterThanOrEqual(1);
    await shot(page, testInfo, `2-order-sheet-${screen}`);
    expect(await firstRender(page, '/cvs')).toBeGreaterThanOrEqual(1);
    await firstRender(page, '/account/subscriptions');
    for (const plan of ['월간 원두 정기배송', '원두 테이스팅 클럽', '데모 플랜']) {
      const item = page.getByRole('listitem', { name: plan });
      await item.getByRole('button', { name: '구독하기' }).click();
      await expect(item.getByRole('checkbox')).toHaveCount(1);
      await expectNothingPreselected(item);
      await item.getByRole('button', { name: '구독하지 않기' }).click();
    }
  });
});

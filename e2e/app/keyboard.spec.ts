// Keyboard only, no mouse: signup (the certification window included) → a card by key-in → the
// order sheet → the confirmation dialog → paid. Each control is reached with Tab (and Shift+Tab),
// operated with typing, Space, Enter and the arrow keys.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { CARD_CONSENT } from '../support/cards';
import { certificationLayer, newPerson } from '../support/customers';

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === element.ownerDocument.activeElement).catch(() => false);

/** Presses Tab until `target` has the focus (fails if it never does). */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < 80; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`never reached ${target} with ${key}`);
}

async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

test('signup → card → order sheet → confirm → paid, with the keyboard alone', async ({ page }) => {
  test.setTimeout(240_000);
  const person = newPerson({ gender: '남성' });

  await page.goto('/signup?window=layer');
  await tabTo(page, page.getByRole('button', { name: '휴대폰 본인인증 하기' }));
  await page.keyboard.press('Enter');
  const window = certificationLayer(page);
  await typeInto(page, window.getByLabel('이름'), person.name);
  await tabTo(page, window.getByLabel('생년월일'));
  // The date control's segments follow Chromium's own locale here (mm/dd/yyyy).
  const [year, month, day] = person.birthday.split('-');
  await page.keyboard.type(`${month}${day}${year}`);
  await tabTo(page, window.getByLabel('남성'));
  await page.keyboard.press('Space');
  await typeInto(page, window.getByLabel('휴대폰 번호'), person.phone);
  await tabTo(page, window.getByLabel('통신사'));
  await page.keyboard.press('ArrowDown');
  await tabTo(page, window.getByRole('button', { name: '인증하기' }));
  await page.keyboard.press('Enter');

  await expect(page.getByLabel('이름 (본인인증)')).toHaveValue(person.name);
  await typeInto(page, page.getByLabel('이메일'), person.email);
  await typeInto(page, page.getByLabel('비밀번호', { exact: true }), person.password);
  await typeInto(page, page.getByLabel('비밀번호 확인'), person.password);
  // The agreements: one is read in its dialog (Enter opens, Escape closes), then 전체 동의 with Space.
  await tabTo(page, page.getByRole('checkbox', { name: '전체 동의' }));
  await tabTo(page, page.getByRole('button', { name: '이용약관 보기' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: '이용약관' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await tabTo(page, page.getByRole('checkbox', { name: '전체 동의' }), 'Shift+Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: '개인정보 수집·이용 동의 (필수)' })).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: '가입하기' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account$/);

  await page.goto('/account/cards');
  const form = page.getByRole('form', { name: '카드 번호 직접 입력' });
  await typeInto(page, form.getByLabel('카드 번호', { exact: true }), '4242424242424242');
  await typeInto(page, form.getByLabel('유효기간 (MM/YY)'), '1299');
  await typeInto(page, form.getByLabel('생년월일 또는 사업자등록번호'), '900101');
  await typeInto(page, form.getByLabel('카드 비밀번호 앞 2자리'), '12');
  // The consent to keep the card (unchecked at first): Space checks it, then the button is enabled.
  const consent = form.getByRole('checkbox', { name: CARD_CONSENT });
  await tabTo(page, consent);
  await page.keyboard.press('Space');
  await expect(consent).toBeChecked();
  await tabTo(page, form.getByRole('button', { name: '카드 등록' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: '등록된 카드 목록' }).getByRole('listitem')).toHaveCount(1);

  await page.goto('/products/drip-bag-20');
  await expect(page.getByLabel('결제 카드')).toContainText('(4242) · 기본 카드');
  await typeInto(page, page.getByLabel('수량'), '2');
  await typeInto(page, page.getByLabel('휴대폰 번호'), '010-2345-6789');
  await typeInto(page, page.getByLabel('우편번호'), '04524');
  await typeInto(page, page.getByLabel('주소', { exact: true }), '서울특별시 중구 세종대로 110');
  await tabTo(page, page.getByRole('button', { name: '바로 구매' }));
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('alertdialog', { name: '주문 확인' });
  await expect(dialog).toContainText('31,800원');
  await tabTo(page, dialog.getByRole('button', { name: '동의하고 결제하기' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('결제가 완료되었습니다.')).toBeVisible();
  await expect(page.getByRole('button', { name: '새로 구매하기' })).toBeVisible();
});

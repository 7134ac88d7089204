// Customer mail, end to end: the app sends over real SMTP to the mail catcher the e2e setup starts,
// and the specs read it through the catcher's API and page. Specs tagged @clock move their
// merchant's virtual clock, on their worker slot's app (support/clock-app.ts).
import type { CaughtMail } from '../../mail-catcher/catcher';
import { mailUrl } from '../../playwright.config';
import { registerCardByKeyIn } from '../support/cards';
import { clockEmulator as emulator, expect, test } from '../support/clock-app';
import { shot, signUp } from '../support/customers';
import { subscribeTo } from '../support/subscriptions';

async function inbox(email: string): Promise<CaughtMail[]> {
  const response = await fetch(`${mailUrl}/api/messages?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as { messages: CaughtMail[] }).messages;
}

/** Waits for exactly one mail to `email` whose subject contains `title`, and answers it. */
async function mailTo(email: string, title: string): Promise<CaughtMail> {
  let found: CaughtMail[] = [];
  await expect
    .poll(async () => {
      found = (await inbox(email)).filter((mail) => mail.subject.includes(title));
      return found.length;
    })
    .toBe(1);
  return found[0] as CaughtMail;
}

const bookedFor = async (email: string) =>
  (await emulator.schedules()).filter((s) => s.buyer_email === email && s.schedule_status === 'scheduled');

async function advanceTo(at: number) {
  const now = await emulator.now();
  if (at > now) await emulator.advanceClock(at - now);
}

test('a failing renewal → the failure mail → its link opens the change-card page, and the card is changed @clock', async ({
  page,
}, testInfo) => {
  const person = await signUp(page);
  await registerCardByKeyIn(page, '4000000000000341');
  await subscribeTo(page, '월간 원두 정기배송', '구독이 시작되었습니다');
  const spare = await registerCardByKeyIn(page);
  const [booking] = await bookedFor(person.email);
  await advanceTo((booking?.schedule_at ?? 0) + 60);

  const failure = await mailTo(person.email, '정기결제 실패');
  expect(failure.text).toContain('카드 한도를 초과했습니다');
  const link = failure.text.match(/결제 카드 변경하기: (\S+)/)?.[1] ?? '';
  expect(link).toMatch(/\/account\/subscriptions#subscription-/);
  await page.goto(link);
  const article = page.getByRole('article', { name: /월간 원두 정기배송/ });
  await expect(article).toContainText('결제 실패 · 재시도 예정');
  const change = article.getByLabel('결제 카드 변경');
  await expect(change).toBeVisible();
  await shot(page, testInfo, '1-change-card');
  // Options read "<card name> (<last 4>)": the spare card is the one ending in its last four digits.
  const option = await change.locator('option', { hasText: `(${spare.slice(-4)})` }).getAttribute('value');
  await change.selectOption(option ?? '');
  await expect(article.getByRole('definition').filter({ hasText: spare })).toBeVisible();
});

test('password reset by mail: request on /signin → link → new password → sign in with it', async ({ page }) => {
  const person = await signUp(page);
  await page.getByRole('button', { name: '로그아웃' }).click();
  await expect(page.getByRole('link', { name: '로그인' }).first()).toBeVisible();

  await page.goto('/signin');
  await page.getByText('비밀번호를 잊으셨나요?').click();
  const form = page.getByRole('form', { name: '재설정 링크 요청' });
  await form.getByLabel('가입한 메일 주소').fill(person.email);
  await form.getByRole('button', { name: '재설정 링크 받기' }).click();
  await expect(form.getByRole('status')).toContainText('재설정 링크를 보냈습니다');

  const mail = await mailTo(person.email, '비밀번호 재설정');
  const link = mail.text.match(/비밀번호 재설정하기: (\S+)/)?.[1] ?? '';
  await page.goto(link);
  await page.getByLabel('새 비밀번호', { exact: true }).fill('a-brand-new-password');
  await page.getByLabel('새 비밀번호 확인').fill('a-brand-new-password');
  await page.getByRole('button', { name: '비밀번호 바꾸기' }).click();
  await expect(page.getByRole('status')).toContainText('비밀번호를 바꿨습니다');

  // The link works once.
  await page.goto(link);
  await page.getByLabel('새 비밀번호', { exact: true }).fill('yet-another-password');
  await page.getByLabel('새 비밀번호 확인').fill('yet-another-password');
  await page.getByRole('button', { name: '비밀번호 바꾸기' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '이미 사용되었습니다' })).toBeVisible();

  await page.goto('/signin');
  await page.getByLabel('이메일', { exact: true }).fill(person.email);
  await page.getByLabel('비밀번호', { exact: true }).fill('a-brand-new-password');
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
});

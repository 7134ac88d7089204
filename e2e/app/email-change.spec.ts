// 이메일 변경 with verification, end to end: the account page asks, the link arrives at the new
// address (the e2e mail catcher over real SMTP), opening it and confirming changes the sign-in
// email, the old address is told, and the link works once.
import { expect, test } from '@playwright/test';
import type { CaughtMail } from '../../mail-catcher/catcher';
import { mailUrl } from '../../playwright.config';
import { shot, signUp } from '../support/customers';

async function mailTo(email: string, title: string): Promise<CaughtMail> {
  let found: CaughtMail[] = [];
  await expect
    .poll(async () => {
      const response = await fetch(`${mailUrl}/api/messages?to=${encodeURIComponent(email)}`);
      found = ((await response.json()) as { messages: CaughtMail[] }).messages.filter((m) => m.subject.includes(title));
      return found.length;
    })
    .toBe(1);
  return found[0] as CaughtMail;
}

test('the email changes only once the link mailed to the new address is opened', async ({ page }, testInfo) => {
  const person = await signUp(page);
  const next = `changed-${person.email}`;
  const form = page.getByRole('form', { name: '이메일 변경' });
  await form.getByLabel('새 이메일').fill(next);
  await form.getByLabel('현재 비밀번호').fill(person.password);
  await form.getByRole('button', { name: '확인 메일 보내기' }).click();
  await expect(form.getByRole('status')).toContainText(`${next}(으)로 확인 메일을 보냈습니다`);
  await shot(page, testInfo, '1-asked');
  // Not changed yet: the account still shows the old address.
  await page.reload();
  await expect(page.getByText(person.email, { exact: true })).toBeVisible();

  const mail = await mailTo(next, '이메일 변경 확인');
  const link = /https?:\/\/\S+\/email-change\?token=[\w-]+/.exec(mail.text)?.[0] ?? '';
  await page.goto(new URL(new URL(link).pathname + new URL(link).search, page.url()).href);
  await page.getByRole('button', { name: '이메일 변경 확인' }).click();
  await expect(page.getByRole('status')).toContainText(`${next}(으)로 바꿨습니다`);
  await shot(page, testInfo, '2-confirmed');
  await mailTo(person.email, '로그인 이메일이 변경되었습니다');

  await page.goto('/account');
  await expect(page.getByText(next, { exact: true })).toBeVisible();
  // The link works once.
  await page.goto(new URL(new URL(link).pathname + new URL(link).search, page.url()).href);
  await page.getByRole('button', { name: '이메일 변경 확인' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('이미 사용되었습니다');
});

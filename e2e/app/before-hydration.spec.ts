// A form the browser sends itself — JavaScript off, or a tap before React hydrates — goes as the form
// says: POST, so a password never lands in the URL, the history or an access log (found in issue 32's
// walk-through: the sign-in forms had no method and went as GET).
import { expect, type Request, test } from '@playwright/test';

test.use({ javaScriptEnabled: false });

const PASSWORD = 's3cret-before-hydration';

for (const path of ['/signin', '/ops/signin']) {
  test(`${path}: a sign-in sent without JavaScript is a POST, the password not in the URL`, async ({ page }) => {
    await page.goto(path);
    const documents: Request[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) documents.push(request);
    });
    await page.getByLabel('이메일').first().fill('nobody@example.com');
    await page.getByLabel('비밀번호', { exact: true }).fill(PASSWORD);
    await Promise.all([
      page.waitForEvent('requestfinished'),
      page
        .getByRole('button', { name: /로그인/ })
        .first()
        .click(),
    ]);
    const sent = documents.at(-1);
    expect(sent?.method()).toBe('POST');
    expect(sent?.url()).not.toContain(PASSWORD);
    expect(page.url()).not.toContain(PASSWORD);
  });
}

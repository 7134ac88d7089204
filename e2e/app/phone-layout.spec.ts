// A shopper on a phone (issue 32, item 12): the 바로 구매 result opens at its first line, not scrolled
// past it; an order number, a masked card and an email never break in the middle; the rule above
// 총 결제금액 is one line; the subscription's consent is not a third box inside two others; the
// footer names the seller with the right particle.
import { devices, expect, type Locator, type Page, test } from '@playwright/test';
import { registerCardByKeyIn } from '../support/cards';
import { newPerson, shot, signUp } from '../support/customers';
import { buyNowConfirmed, fillOrderSheet } from '../support/orders';

const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
test.use(pixel);

/** The lines an inline element is laid out on (a word broken across two lines has two boxes). */
const lineCount = (element: Locator) => element.evaluate((node) => node.getClientRects().length);

/** The tops of the lines a piece of text inside `selector` is laid out on (empty when it is not there). */
async function linesOfText(page: Page, selector: string, text: string): Promise<number[]> {
  return page.evaluate(
    ([css, wanted]) => {
      const root = document.querySelector(css ?? '');
      const walker = document.createTreeWalker(root ?? document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent?.indexOf(wanted ?? '') ?? -1;
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + (wanted ?? '').length);
        return [...new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))];
      }
      return [];
    },
    [selector, text],
  );
}

test('바로 구매 on a phone: the result at its first line, numbers whole, one rule above the total', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  // Either half fits a phone's line, both together do not: it must wrap, and only at its @.
  const person = newPerson({ email: `k${Date.now()}@examplecustomers.co.kr` });
  await signUp(page, person);
  await registerCardByKeyIn(page);
  await page.goto('/products/drip-bag-20');
  await expect(page.getByText('카드 정보를 불러오는 중…')).toHaveCount(0);
  await fillOrderSheet(page);

  // The rule above 총 결제금액 spans the breakdown in one piece: one element with the rule, as wide
  // as the list (it was drawn on the term and on the amount, with a gap between).
  const breakdown = page.locator('dl[aria-label="결제 금액"]');
  const ruled = await breakdown.evaluate((list) =>
    [...list.querySelectorAll('*')]
      .filter((node) => getComputedStyle(node).borderTopWidth === '1px')
      .map((node) => Math.round(node.getBoundingClientRect().width - list.getBoundingClientRect().width)),
  );
  expect(ruled).toEqual([0]);

  await buyNowConfirmed(page);
  const result = page.getByText('결제가 완료되었습니다.');
  await expect(result).toBeVisible();
  // The page was scrolled down to the buy button; the result above it is brought into view whole.
  await expect(async () => {
    const box = await result.boundingBox();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect(box?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(pixel.viewport.height / 2);
  }).toPass();
  await page.screenshot({ path: testInfo.outputPath('1-result.png') });

  const number = page
    .getByRole('main')
    .getByText(/^\d{6}-\d{6}$/)
    .first();
  expect(await lineCount(number)).toBe(1);
  expect(await lineCount(page.getByRole('main').getByText('4242-42**-****-4242').first())).toBe(1);

  await page.goto('/account');
  const [local, domain] = person.email.split('@');
  // The address breaks at its @, never inside either half.
  const localLines = await linesOfText(page, 'dl.facts', local ?? '');
  const domainLines = await linesOfText(page, 'dl.facts', `@${domain}`);
  expect(localLines).toHaveLength(1);
  expect(domainLines).toHaveLength(1);
  expect(domainLines[0]).toBeGreaterThan(localLines[0] ?? Number.POSITIVE_INFINITY);
  await shot(page, testInfo, '2-account');

  // The footer names the seller with the particle its name takes, not "은(는)".
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('임프상점은 통신판매업자로서');
  await expect(footer).not.toContainText('은(는)');
});

test("the subscription's consent on a phone is one rule inside the plan's card, not a third box", async ({
  page,
}, testInfo) => {
  await signUp(page);
  await registerCardByKeyIn(page);
  await page.goto('/account/subscriptions');
  const plan = page.getByRole('listitem', { name: '월간 원두 정기배송' });
  await plan.getByRole('button', { name: '구독하기' }).click();
  const consent = plan.getByRole('region', { name: '월간 원두 정기배송 정기결제 안내' });
  await expect(consent).toBeVisible();
  const style = await consent.evaluate((node) => {
    const s = getComputedStyle(node);
    return { left: s.borderLeftWidth, top: s.borderTopWidth, paddingLeft: s.paddingLeft };
  });
  expect(style).toEqual({ left: '0px', top: '1px', paddingLeft: '0px' });
  // The masked card in the terms is one piece.
  expect(await lineCount(consent.getByText('4242-42**-****-4242'))).toBe(1);
  await consent.scrollIntoViewIfNeeded();
  await shot(page, testInfo, '3-subscription-consent');
});

// The accessibility scans of the a11y specs: each at a desktop and a phone size, with a full-page
// screenshot kept as an artifact for visual review.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * Once whatever the page was loading has arrived, scans what it shows; lists each serious or
 * critical violation with where it is.
 */
export async function expectAccessible(page: Page, testInfo: TestInfo, name: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  const grave = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(grave, `${name}: serious or critical accessibility violations`).toEqual([]);
}

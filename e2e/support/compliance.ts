// Measurements of the 2025 subscription rules on real pages (e2e/compliance): the two screens every
// rule is measured on, equal choices (bounding boxes and computed styles), a counter of the steps a
// flow takes, and what is in the first screen.
import { expect, type Locator, type Page, test } from '@playwright/test';

/** A desktop and a phone, as the brief's screenshots (1280×800, 390×844). */
export const SCREENS = [
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

/** Declares `body` once per screen, each in a describe of its own whose tests run at that size. */
export function onEachScreen(body: (screen: (typeof SCREENS)[number]['name']) => void) {
  for (const screen of SCREENS) {
    test.describe(screen.name, () => {
      test.use(screen.use);
      body(screen.name);
    });
  }
}

/** What decides how heavy an option looks: its size on the page and how it is drawn. */
const LOOK = [
  'font-size',
  'font-weight',
  'font-family',
  'color',
  'background-color',
  'border-top-width',
  'border-top-color',
  'border-radius',
  'padding-top',
  'padding-bottom',
  'opacity',
  'text-decoration-line',
] as const;

/**
 * The options of one choice are equal (전자상거래법 시행령: no 잘못된 계층구조): the same width and
 * height (±1 px) and the same computed look. Answers what was measured, for the test's report.
 */
export async function expectEqualOptions(options: Locator[]) {
  const measured = await Promise.all(
    options.map(async (option) => {
      await expect(option).toBeVisible();
      await expect(option).toBeEnabled();
      const box = await option.boundingBox();
      const look = await option.evaluate(
        (element, names) =>
          Object.fromEntries(names.map((name) => [name, getComputedStyle(element).getPropertyValue(name)])),
        [...LOOK],
      );
      return { label: (await option.textContent())?.trim(), width: box?.width ?? 0, height: box?.height ?? 0, look };
    }),
  );
  const [first, ...rest] = measured;
  for (const other of rest) {
    expect(Math.abs(other.width - (first?.width ?? 0)), `${other.label} vs ${first?.label}: width`).toBeLessThanOrEqual(
      1,
    );
    expect(
      Math.abs(other.height - (first?.height ?? 0)),
      `${other.label} vs ${first?.label}: height`,
    ).toBeLessThanOrEqual(1);
    expect(other.look, `${other.label} vs ${first?.label}: computed style`).toEqual(first?.look);
  }
  return measured;
}

/**
 * Counts what a customer does in a flow: each click, tick or choice (typing is counted apart), and
 * the confirmations among them (a step that only asks "are you sure").
 */
export class Steps {
  clicks = 0;
  typed = 0;
  confirmations = 0;
  readonly log: string[] = [];

  async click(target: Locator, what = 'click') {
    await target.click();
    this.clicks += 1;
    this.log.push(what);
  }
  async check(target: Locator, what = 'tick') {
    await target.check();
    this.clicks += 1;
    this.log.push(what);
  }
  async select(target: Locator, value: string, what = 'choose') {
    await target.selectOption(value);
    this.clicks += 1;
    this.log.push(what);
  }
  async fill(target: Locator, value: string) {
    await target.fill(value);
    this.typed += 1;
  }
  /** A click whose only job is to confirm what the previous one asked for. */
  async confirm(target: Locator, what = 'confirm') {
    await this.click(target, what);
    this.confirmations += 1;
  }
}

/** The element is (at least partly) inside the first screen: the viewport at scroll 0. */
export async function expectInFirstScreen(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  const viewport = page.viewportSize();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled, 'the page is at its top').toBe(0);
  expect(box, 'has a box').not.toBeNull();
  expect((box?.y ?? Number.POSITIVE_INFINITY) + (box?.height ?? 0), 'ends inside the first screen').toBeLessThanOrEqual(
    viewport?.height ?? 0,
  );
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((viewport?.width ?? 0) + 1);
}

/** Nothing chosen for the customer: no ticked box or radio in `scope`, and no select with a value, except those named. */
export async function expectNothingPreselected(scope: Locator | Page, allowedSelects: string[] = []) {
  const checked = scope.locator('input[type="checkbox"]:checked, input[type="radio"]:checked');
  expect(await checked.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).name || i.id))).toEqual([]);
  const selects = await scope
    .locator('select')
    .evaluateAll((list) =>
      list.map((s) => ({ name: (s as HTMLSelectElement).name, value: (s as HTMLSelectElement).value })),
    );
  expect(selects.filter((s) => s.value !== '' && !allowedSelects.includes(s.name))).toEqual([]);
  return selects.length + (await scope.locator('input[type="checkbox"], input[type="radio"]').count());
}

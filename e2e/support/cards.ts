// Cards for the app's e2e specs: registration through the real /account/cards page, for a page
// that is already signed in (see customers.ts). Each helper waits until the new card is listed.
import { expect, type FrameLocator, type Page } from '@playwright/test';

export const APPROVED_CARD = '4242-4242-4242-4242';
/** An expiry decades ahead of the emulator's virtual clock. */
const FAR_EXPIRY = '12/99';

/** How the service shows a card number: `4242-42**-****-4242`. */
export function maskedCardNumber(cardNumber: string): string {
  const digits = cardNumber.replace(/\D/g, '');
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}**-****-${digits.slice(12)}`;
}

export const cardList = (page: Page) => page.getByRole('list', { name: '등록된 카드 목록' });
export const listedCards = (page: Page) => cardList(page).getByRole('listitem');
export const paymentLayer = (page: Page) => page.frameLocator('iframe[title="결제창"]');

/**
 * Opens /account/cards (by default the payment window as a layer; a phone passes the plain path)
 * once the list has loaded; answers how many cards it shows.
 */
export async function openCardsPage(page: Page, path = '/account/cards?window=layer'): Promise<number> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: '카드 관리', level: 1 })).toBeVisible();
  await expect(page.getByText('불러오는 중…')).toHaveCount(0);
  return listedCards(page).count();
}

/** Fills and submits the key-in form on /account/cards (already open). */
export async function fillKeyInForm(page: Page, cardNumber: string, expiry = FAR_EXPIRY) {
  const form = page.getByRole('form', { name: '카드 번호 직접 입력' });
  await form.getByLabel('카드 번호', { exact: true }).fill(cardNumber);
  await form.getByLabel('유효기간 (MM/YY)').fill(expiry);
  await form.getByLabel('생년월일 또는 사업자등록번호').fill('900101');
  await form.getByLabel('카드 비밀번호 앞 2자리').fill('12');
  await form.getByRole('checkbox', { name: CARD_CONSENT }).check();
  await form.getByRole('button', { name: '카드 등록' }).click();
}

export const CARD_CONSENT = '카드 등록(빌링키 보관)에 동의합니다';

/** Checks the consent to keep a card before the payment window (on /account/cards). */
export const agreeToKeepCardForWindow = (page: Page) =>
  page.getByRole('region', { name: '결제창으로 카드 등록' }).getByRole('checkbox', { name: CARD_CONSENT }).check();

/** Opens the payment window from /account/cards (already open) and completes it with `cardNumber`. */
export async function completeRegistrationWindow(page: Page, cardNumber: string) {
  await agreeToKeepCardForWindow(page);
  await page.getByRole('button', { name: '결제창으로 카드 등록' }).click();
  const window = paymentLayer(page);
  await expect(window.getByRole('heading', { name: '카드 등록' })).toBeVisible();
  await fillWindowCard(window, cardNumber);
  await window.getByRole('button', { name: '카드 등록하기' }).click();
}

/** Fills the card form of the emulator's payment window (a layer's frame, a popup or the whole page). */
export async function fillWindowCard(window: FrameLocator | Page, cardNumber: string = APPROVED_CARD) {
  await window.getByLabel('카드번호').fill(cardNumber);
  await window.getByLabel('유효기간').fill(FAR_EXPIRY);
  await window.getByLabel('생년월일').fill('900101');
  await window.getByLabel('카드 비밀번호 앞 2자리').fill('12');
}

async function expectListed(page: Page, before: number, cardNumber: string): Promise<string> {
  const masked = maskedCardNumber(cardNumber);
  await expect(listedCards(page)).toHaveCount(before + 1);
  await expect(listedCards(page).filter({ hasText: masked }).first()).toBeVisible();
  return masked;
}

/** Registers a card by key-in on /account/cards; answers its masked number once listed. */
export async function registerCardByKeyIn(page: Page, cardNumber: string = APPROVED_CARD): Promise<string> {
  const before = await openCardsPage(page);
  await fillKeyInForm(page, cardNumber);
  return expectListed(page, before, cardNumber);
}

/** Registers a card through the payment window (as a layer) on /account/cards; answers its masked number once listed. */
export async function registerCardInWindow(page: Page, cardNumber: string = APPROVED_CARD): Promise<string> {
  const before = await openCardsPage(page);
  await completeRegistrationWindow(page, cardNumber);
  return expectListed(page, before, cardNumber);
}

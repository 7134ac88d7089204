// Customers for the app's e2e specs: a person the emulator's certification window will certify,
// and the signup that turns them into a signed-in account through the real pages and windows.
import { randomInt } from 'node:crypto';
import { expect, type FrameLocator, type Page, type TestInfo } from '@playwright/test';

export interface Person {
  name: string;
  /** YYYY-MM-DD */
  birthday: string;
  gender: '남성' | '여성';
  /** Unique per person: the emulator derives unique_key from it. */
  phone: string;
  email: string;
  password: string;
}

export function newPerson(overrides: Partial<Person> = {}): Person {
  const phone = `010-${randomInt(1000, 9999)}-${randomInt(1000, 9999)}`;
  return {
    name: '김하늘',
    birthday: '1994-05-17',
    gender: '여성',
    phone,
    email: `e2e-${phone.replaceAll('-', '')}@example.com`,
    password: 'e2e-password-1234',
    ...overrides,
  };
}

/** Fills and submits the emulator's hosted certification window (a layer's frame or a popup). */
export async function certifyIn(window: FrameLocator | Page, person: Person) {
  await window.getByLabel('이름').fill(person.name);
  await window.getByLabel('생년월일').fill(person.birthday);
  await window.getByLabel(person.gender).check();
  await window.getByLabel('휴대폰 번호').fill(person.phone);
  await window.getByLabel('통신사').selectOption('SKT');
  await window.getByRole('button', { name: '인증하기' }).click();
}

export const certificationLayer = (page: Page) => page.frameLocator('iframe[title="본인인증 창"]');

/** A screenshot of the viewport kept with the test's results. */
export const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}.png`) });

/** Step 2 of signup: email, password and 전체 동의, then where signup was started from (`/signup?next=`), else the account page. */
export async function completeAccountStep(page: Page, person: Person, next?: string) {
  await expect(page.getByLabel('이름 (본인인증)')).toHaveValue(person.name);
  await page.getByLabel('이메일').fill(person.email);
  await page.getByLabel('비밀번호', { exact: true }).fill(person.password);
  await page.getByLabel('비밀번호 확인').fill(person.password);
  await page.getByLabel('전체 동의').check();
  await page.getByRole('button', { name: '가입하기' }).click();
  if (next) return expect(page).toHaveURL(new URL(next, page.url()).href);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: '내 계정' })).toBeVisible();
}

/** Signs a new person up through /signup with the certification window as a layer. */
export async function signUp(page: Page, person: Person = newPerson()): Promise<Person> {
  await page.goto('/signup?window=layer');
  await page.getByRole('button', { name: '휴대폰 본인인증 하기' }).click();
  await certifyIn(certificationLayer(page), person);
  await completeAccountStep(page, person);
  return person;
}

// The mail catcher the e2e apps send to, read through its API.
import { expect } from '@playwright/test';
import type { CaughtMail } from '../../mail-catcher/catcher';
import { mailUrl } from '../../playwright.config';

export async function inbox(email: string): Promise<CaughtMail[]> {
  const response = await fetch(`${mailUrl}/api/messages?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as { messages: CaughtMail[] }).messages;
}

/** Waits for exactly one mail to `email` whose subject contains `title`, and answers it. */
export async function mailTo(email: string, title: string): Promise<CaughtMail> {
  let found: CaughtMail[] = [];
  await expect
    .poll(async () => {
      found = (await inbox(email)).filter((mail) => mail.subject.includes(title));
      return found.length;
    })
    .toBe(1);
  return found[0] as CaughtMail;
}

// 숨은갱신 (전자상거래법 시행령 §20조의2) for a free trial: it turns paid only with the customer's
// consent, asked as its own step inside the 30 days before the first charge — on the subscription
// page, in a banner on every account page (with 7일간 보지 않기), and by the trial-ending mail's link,
// which opens the ask and agrees to nothing. Measured against the service's own record: a trial left
// unanswered (on a phone) has nothing booked or charged at the service and ends; one agreed to (on a
// desktop) is charged once, at its end. Tagged @clock: it moves its merchant's clock.
import type { Browser, BrowserContext } from '@playwright/test';
import { registerCardByKeyIn } from '../support/cards';
import { currentApp, clockEmulator as emulator, expect, test } from '../support/clock-app';
import { expectEqualOptions, SCREENS } from '../support/compliance';
import { shot, signUp } from '../support/customers';
import { mailTo } from '../support/mail';
import { subscribeTo } from '../support/subscriptions';

test.describe.configure({ timeout: 400_000 });

const DAY = 86_400;

const contextFor = (browser: Browser, screen: (typeof SCREENS)[number]): Promise<BrowserContext> =>
  browser.newContext({ ...screen.use, baseURL: currentApp().url, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });

const atTheService = async (email: string) => ({
  schedules: (await emulator.schedules()).filter((s) => s.buyer_email === email),
  payments: (await emulator.payments()).filter((p) => p.buyer_email === email && p.status === 'paid'),
});

async function advanceTo(at: number) {
  const now = await emulator.now();
  if (at > now) await emulator.advanceClock(at - now);
}

test('a trial turns paid only with consent: unanswered it charges nothing and ends, agreed it is charged once at its end @clock', async ({
  browser,
}, testInfo) => {
  const [desktopScreen, phoneScreen] = SCREENS;
  const desktop = await (await contextFor(browser, desktopScreen)).newPage();
  const phone = await (await contextFor(browser, phoneScreen)).newPage();

  // Two customers start the trial: one will agree (desktop), one will not answer (phone).
  const agreeing = await signUp(desktop);
  await registerCardByKeyIn(desktop);
  await subscribeTo(desktop, '원두 테이스팅 클럽', '무료 체험이 시작되었습니다');
  const silent = await signUp(phone);
  await registerCardByKeyIn(phone);
  await subscribeTo(phone, '원두 테이스팅 클럽', '무료 체험이 시작되었습니다');
  for (const person of [agreeing, silent])
    expect(await atTheService(person.email)).toEqual({ schedules: [], payments: [] });
  const trialEnd = await trialEndOf(desktop);

  // The banner on the account pages, and 7일간 보지 않기: gone from every account page for 7 days.
  await desktop.goto('/account');
  const banner = desktop.getByRole('region', { name: '동의 요청' });
  await expect(banner).toContainText('유료 전환');
  await shot(desktop, testInfo, '1-banner');
  await banner.getByRole('button', { name: '7일간 보지 않기' }).click();
  await expect(banner).toHaveCount(0);
  for (const path of ['/account', '/account/cards', '/account/orders']) {
    await desktop.goto(path);
    await expect(desktop.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(desktop.getByRole('region', { name: '동의 요청' }), path).toHaveCount(0);
  }

  // Seven days before the end (the card rules' notice): the mail asks; its link only opens the ask.
  // An hour later, the 7 days of 보지 않기 (counted from the click) are over too.
  await advanceTo(trialEnd - 7 * DAY + 3_600);
  const notice = await mailTo(agreeing.email, '무료 체험 종료 예정');
  expect(notice.text).toContain('링크를 여는 것만으로는 동의되지 않습니다');
  const link = /유료 전환 여부 선택하기: (\S+)/.exec(notice.text)?.[1] ?? '';
  await desktop.goto('/account');
  await expect(desktop.getByRole('region', { name: '동의 요청' })).toBeVisible();
  await desktop.goto(link);
  const ask = desktop.getByRole('region', { name: '무료 체험 후 유료 전환' });
  await expect(ask).toContainText('첫 결제 일시:');
  await expect(ask).toContainText('결제 금액: 24,900원');
  await expect(ask).toContainText('결제 카드:');
  await expect(ask).toContainText('해지 방법:');
  expect((await atTheService(agreeing.email)).schedules).toEqual([]);
  const answers = [
    ask.getByRole('button', { name: '유료 전환에 동의' }),
    ask.getByRole('button', { name: '체험만 하고 종료' }),
  ];
  await expectEqualOptions(answers);
  await shot(desktop, testInfo, '2-ask-from-the-mail');
  await answers[0]?.click();
  await expect(ask.getByRole('status')).toContainText('유료 전환에 동의하셨습니다');
  const booked = (await atTheService(agreeing.email)).schedules;
  expect(booked.map((s) => [s.schedule_at, s.amount, s.schedule_status])).toEqual([[trialEnd, 24_900, 'scheduled']]);

  // The trial's end passes, with no app needed: the agreed one is charged once; the silent one is not.
  await advanceTo(trialEnd + 60);
  const charged = await atTheService(agreeing.email);
  expect(charged.payments.map((p) => [p.amount, p.paid_at >= trialEnd])).toEqual([[24_900, true]]);
  expect(await atTheService(silent.email)).toEqual({ schedules: [], payments: [] });

  await phone.goto('/account/subscriptions');
  const ended = phone.getByRole('article', { name: /원두 테이스팅 클럽/ });
  await expect(ended).toContainText('유료 전환에 동의하지 않으셔서 결제 없이 종료되었습니다');
  await shot(phone, testInfo, '3-ended-unanswered');
  const mail = await mailTo(silent.email, '구독 종료');
  expect(mail.text).toContain('다시 구독하기');
  // Again: no second trial — the terms say it is charged now.
  const plan = phone.getByRole('listitem', { name: '원두 테이스팅 클럽', exact: true });
  await plan.getByRole('button', { name: '구독하기' }).click();
  await expect(plan).toContainText('첫 결제: 동의 즉시');
  await shot(phone, testInfo, '4-no-second-trial');
  expect((await atTheService(silent.email)).payments).toEqual([]);
});

/** The trial's end, from its subscription card's ask (a <time> the page renders). */
async function trialEndOf(page: import('@playwright/test').Page): Promise<number> {
  await page.goto('/account/subscriptions');
  const ask = page
    .getByRole('article', { name: /원두 테이스팅 클럽/ })
    .getByRole('region', { name: '무료 체험 후 유료 전환' });
  const at = await ask.locator('time').first().getAttribute('datetime');
  return Date.parse(at ?? '') / 1000;
}

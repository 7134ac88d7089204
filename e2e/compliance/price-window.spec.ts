// 숨은갱신 (전자상거래법 시행령 §20조의2) for a price rise: consent is asked inside the 30 days before the
// subscriber's first charge at the new price. An announcement earlier is information only — a consent
// then is refused and does not count; inside the window the two answers are equal (desktop and phone)
// and a yes is charged the new price once. Tagged @clock: it moves its merchant's clock and changes
// its app's monthly price (later specs on that app read the price from the terms).
import { E2E_OPERATOR_TOKEN } from '../../playwright.config';
import { registerCardByKeyIn } from '../support/cards';
import { currentApp, clockEmulator as emulator, expect, test } from '../support/clock-app';
import { expectEqualOptions, SCREENS } from '../support/compliance';
import { shot, signUp } from '../support/customers';
import { subscribeTo, termsPrice } from '../support/subscriptions';

test.describe.configure({ timeout: 400_000 });

const won = (amount: number) => `${amount.toLocaleString('ko-KR')}원`;

test('a price rise is asked inside its window only, with equal answers, and a yes there is charged the new price once @clock', async ({
  page,
  browser,
}, testInfo) => {
  const person = await signUp(page);
  await registerCardByKeyIn(page);
  const price = Number((await termsPrice(page, '월간 원두 정기배송')).replace(/\D/g, ''));
  await subscribeTo(page, '월간 원두 정기배송');
  const raised = price + 5_000;
  const day = new Date(((await emulator.now()) + 31 * 86_400 + 9 * 3600) * 1000).toISOString().slice(0, 10);
  const set = await page.request.post('/api/operations/plans/monthly-beans/price', {
    data: { amount: raised, from: day },
    headers: { authorization: `Bearer ${E2E_OPERATOR_TOKEN}` },
  });
  expect(set.status()).toBe(201);

  await page.goto('/account/subscriptions');
  const banner = page.getByRole('status', { name: '가격 변경 안내' });
  await expect(banner).toContainText(`${won(price)}에서 ${won(raised)}으로 바뀝니다`);
  await shot(page, testInfo, '1-announced');
  await banner.getByRole('link', { name: /가격 변경/ }).click();
  const consent = page.getByRole('region', { name: '가격 변경 동의' });
  await expect(consent).toContainText(`바뀌는 가격: ${won(raised)}`);
  await expect(consent).toContainText('바뀐 가격의 첫 결제:');
  const id = page.url().split('/').at(-1) ?? '';

  // Before the window: information only, and a consent sent anyway is refused (it would not count).
  const info = consent.getByText('지금은 안내만 드립니다');
  if ((await info.count()) > 0) {
    await expect(consent.getByRole('button')).toHaveCount(0);
    const early = await page.request.post(`/api/subscriptions/price-changes/${id}`, {
      data: { consent: { agreed: true } },
      headers: { origin: currentApp().url },
    });
    expect(early.status()).toBe(409);
    expect((await early.json()).error.code).toBe('consent_not_open');
    await shot(page, testInfo, '2-information-only');
    const asksFrom = Date.parse((await consent.locator('time').getAttribute('datetime')) ?? '') / 1000;
    await emulator.advanceClock(asksFrom + 60 - (await emulator.now()));
    await page.reload();
  }

  // Inside the window: yes and no alike, on a desktop and on a phone.
  const answers = () => [
    consent.getByRole('button', { name: '바뀐 가격에 동의' }),
    consent.getByRole('button', { name: '동의하지 않음' }),
  ];
  await expectEqualOptions(answers());
  await shot(page, testInfo, '3-ask-desktop');
  const phone = await (
    await browser.newContext({
      ...SCREENS[1].use,
      baseURL: currentApp().url,
      locale: 'ko-KR',
      timezoneId: 'Asia/Seoul',
    })
  ).newPage();
  await phone.context().addCookies(await page.context().cookies());
  await phone.goto(page.url());
  const phoneConsent = phone.getByRole('region', { name: '가격 변경 동의' });
  await expectEqualOptions([
    phoneConsent.getByRole('button', { name: '바뀐 가격에 동의' }),
    phoneConsent.getByRole('button', { name: '동의하지 않음' }),
  ]);
  await shot(phone, testInfo, '4-ask-phone');

  await answers()[0]?.click();
  await expect(page.getByRole('status')).toContainText('동의했습니다');

  // Renewals run until the new price applies: that renewal, and only it so far, is charged the new price.
  const paidAmounts = async () =>
    (await emulator.payments())
      .filter((p) => p.buyer_email === person.email && p.status === 'paid')
      .map((p) => p.amount);
  for (let i = 0; i < 3 && !(await paidAmounts()).includes(raised); i++) {
    const booked = (await emulator.schedules()).filter(
      (s) => s.buyer_email === person.email && s.schedule_status === 'scheduled',
    );
    expect(booked).toHaveLength(1);
    await emulator.advanceClock((booked[0]?.schedule_at ?? 0) - (await emulator.now()) + 60);
  }
  expect((await paidAmounts()).filter((amount) => amount === raised)).toEqual([raised]);
});

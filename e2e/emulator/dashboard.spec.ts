// The dashboard at /__emulator/. The clock buttons move a virtual clock, so this spec runs its own
// emulator in process (frozen clock) instead of the shared e2e one, whose clock the app's specs use.
import { expect, test } from '@playwright/test';
import {
  cardFields,
  startTestEmulator,
  startWebhookReceiver,
  type TestEmulator,
  type WebhookReceiver,
} from '../../test/emulator/kit';
import { shot } from './playground';

// 2026-01-31 12:00 KST: a month ahead is the last day of February.
const START = Date.UTC(2026, 0, 31, 3, 0, 0) / 1000;
let emulator: TestEmulator;

test.beforeAll(async () => {
  emulator = await startTestEmulator({ clock: { start: START, frozen: true } });
});
test.afterAll(() => emulator.close());

test('lists payments, certifications, billing keys and schedules from the control API', async ({ page }, testInfo) => {
  const { payment } = await emulator.completeWindowPayment({
    merchant_uid: 'dash-1',
    amount: 12000,
    name: '<b>굵게</b>',
    ...cardFields(),
  });
  await emulator.certify({
    name: '홍길동',
    birthday: '1990-01-01',
    gender: 'male',
    phone: '010-1111-2222',
    carrier: 'SKT',
  });
  await emulator.rest('POST', '/subscribe/customers/dash-cust', cardFields());
  await emulator.rest('POST', '/subscribe/payments/schedule', {
    customer_uid: 'dash-cust',
    schedules: [{ merchant_uid: 'dash-sched', schedule_at: START + 7200, amount: 9900, name: '월 구독' }],
  });
  await page.goto(`${emulator.url}/__emulator/`);

  const payments = page.getByRole('region', { name: '결제', exact: true });
  await expect(payments.getByRole('row', { name: /dash-1/ })).toContainText(payment?.imp_uid ?? 'missing');
  // Record fields are shown as text, never as markup.
  await expect(payments.getByRole('cell', { name: '<b>굵게</b>' })).toBeVisible();
  await expect(payments.locator('b')).toHaveCount(0);
  await expect(payments.getByRole('row', { name: /dash-1/ })).toContainText('12,000원');
  await expect(page.getByRole('region', { name: '본인인증' }).getByRole('row', { name: /홍길동/ })).toContainText(
    '01011112222',
  );
  await expect(page.getByRole('region', { name: '빌링키' })).toContainText('dash-cust');
  await expect(page.getByRole('region', { name: '예약 결제' }).getByRole('row', { name: /dash-sched/ })).toContainText(
    'scheduled',
  );
  await shot(page, testInfo, 'dashboard');
});

test('the clock buttons move the virtual clock by an hour, a day and a calendar month', async ({ page }) => {
  await page.goto(`${emulator.url}/__emulator/`);
  const clock = page.getByRole('region', { name: '가상 시계' });
  await expect(clock.getByText('(멈춤)')).toBeVisible();
  const before = await emulator.now();

  await clock.getByRole('button', { name: '1개월 앞으로' }).click();
  await expect(clock.getByRole('status')).toContainText('처리했습니다');
  const monthLater = await emulator.now();
  expect(new Date((monthLater + 9 * 3600) * 1000).toISOString().slice(0, 10)).toBe('2026-02-28');
  expect((monthLater - before) % 3600).toBe(0);

  await clock.getByRole('button', { name: '1일 앞으로' }).click();
  await expect.poll(() => emulator.now()).toBe(monthLater + 86_400);
  await clock.getByRole('button', { name: '1시간 앞으로' }).click();
  await expect.poll(() => emulator.now()).toBe(monthLater + 86_400 + 3600);
  await expect(clock.getByText('2026. 3. 1.')).toBeVisible();
});

test.describe('webhooks and the store counter', () => {
  let receiver: WebhookReceiver;
  let withReceiver: TestEmulator;
  test.beforeAll(async () => {
    receiver = await startWebhookReceiver();
    withReceiver = await startTestEmulator({ clock: { start: START, frozen: true }, callbackUrl: receiver.url });
  });
  test.afterAll(async () => {
    await withReceiver.close();
    await receiver.close();
  });

  test('the delivery log shows each webhook, and 재전송 sends it again', async ({ page }, testInfo) => {
    const { payment } = await withReceiver.completeWindowPayment({
      merchant_uid: 'dash-wh',
      amount: 5000,
      ...cardFields(),
    });
    await expect.poll(() => receiver.received.length).toBe(1);
    await page.goto(`${withReceiver.url}/__emulator/`);
    const log = page.getByRole('region', { name: '웹훅 전송 기록' });
    const row = log.getByRole('row', { name: /dash-wh/ });
    await expect(row).toContainText(receiver.url);
    await expect(row).toContainText('200');
    await shot(page, testInfo, 'webhook-log');

    await row.getByRole('button', { name: '재전송' }).click();
    await expect.poll(() => receiver.received.length).toBe(2);
    expect(receiver.received[1]?.fields).toEqual({
      imp_uid: payment?.imp_uid,
      merchant_uid: 'dash-wh',
      status: 'paid',
    });
  });

  test('현금 수납 at the counter pays a waiting barcode and notifies the merchant', async ({ page }, testInfo) => {
    const issued = await withReceiver.rest<{ imp_uid: string }>('POST', '/cvs', {
      merchant_uid: 'dash-cvs',
      amount: 7000,
    });
    const impUid = issued.body.response?.imp_uid ?? 'missing';
    await page.goto(`${withReceiver.url}/__emulator/`);
    const counter = page.getByRole('region', { name: '편의점 수납 창구' });
    await shot(page, testInfo, 'store-counter');
    await counter
      .getByRole('row', { name: new RegExp(impUid) })
      .getByRole('button', { name: '현금 수납' })
      .click();

    await expect
      .poll(
        async () => (await withReceiver.rest<{ status: string }>('GET', `/payments/${impUid}`)).body.response?.status,
      )
      .toBe('paid');
    await expect.poll(() => receiver.received.some((r) => r.fields.merchant_uid === 'dash-cvs')).toBe(true);
    await expect(counter.getByRole('row', { name: new RegExp(impUid) })).toHaveCount(0);
  });
});

test('가상계좌 입금: a partial deposit leaves the account waiting, the rest pays it', async ({ page }, testInfo) => {
  const issued = await emulator.rest<{ imp_uid: string }>('POST', '/vbanks', {
    merchant_uid: 'dash-vbank',
    amount: 30_000,
    vbank_code: '004',
    vbank_due: (await emulator.now()) + 86_400,
  });
  const impUid = issued.body.response?.imp_uid ?? 'missing';
  await page.goto(`${emulator.url}/__emulator/`);
  const bank = page.getByRole('region', { name: '가상계좌 입금' });
  const row = bank.getByRole('row', { name: new RegExp(impUid) });
  await expect(row).toContainText('KB국민은행');
  await row.getByLabel(`입금액 (${impUid})`).fill('10000');
  await shot(page, testInfo, 'vbank-counter');
  await row.getByRole('button', { name: '입금' }).click();
  await expect(row).toContainText('10,000원');
  await expect(row.getByLabel(`입금액 (${impUid})`)).toHaveValue('20000');
  await row.getByRole('button', { name: '입금' }).click();
  await expect(row).toHaveCount(0);
  const paid = await emulator.rest<{ status: string }>('GET', `/payments/${impUid}`);
  expect(paid.body.response?.status).toBe('paid');
});

test('the clock of one merchant moves alone when that merchant is chosen', async ({ page }) => {
  await emulator.upsertMerchant({ code: 'imp00000007', key: 'dash_key_7', secret: 'dash_secret_7' });
  const [own, other] = [await emulator.now('imp00000007'), await emulator.now()];
  await page.goto(`${emulator.url}/__emulator/`);
  const clock = page.getByRole('region', { name: '가상 시계' });
  await clock.getByLabel('가맹점').selectOption('imp00000007');
  await clock.getByRole('button', { name: '1일 앞으로' }).click();
  await expect.poll(() => emulator.now('imp00000007')).toBe(own + 86_400);
  expect(await emulator.now()).toBe(other);
});

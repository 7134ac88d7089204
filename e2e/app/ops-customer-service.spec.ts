// The console as customer service uses it (issue 32, items 7, 9 and 10): a customer quotes the order
// number from their page and the 결제 search finds it, its detail showing the number, the address and
// where the goods are; the 주문·배송 tabs show where you are and drop a success message that belongs
// to another tab; a customer who left is 탈퇴한 회원 (never a tombstone address) and marked in the
// queue; a run of `npm run reconcile` is listed in 대사 beside the scheduled ones.
import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { promisify } from 'node:util';
import { type Browser, expect, test } from '@playwright/test';
import { emulatorUrl, mainApp } from '../../playwright.config';
import { shot } from '../support/customers';
import { customerWithPaidOrder } from '../support/orders';

test.describe.configure({ timeout: 240_000 });

/** A command in another terminal beside the e2e app (its data directory finds the database). */
const command = (script: string, args: string[] = []) =>
  promisify(execFile)(process.execPath, ['--conditions=react-server', '--import', 'tsx', script, ...args], {
    env: {
      ...process.env,
      APP_DATA_DIR: `${mainApp.dataDir}/app`,
      IMP_API_URL: emulatorUrl,
      IMP_KEY: mainApp.merchant.key,
      IMP_SECRET: mainApp.merchant.secret,
      LOG_LEVEL: 'info',
    },
    timeout: 120_000,
  });

/**
 * An operator of this spec's own, added with `npm run operators` and signed in (its one-time
 * password replaced): the e2e operator's first sign-in belongs to e2e/app/ops.spec.ts.
 */
async function signedInOperator(browser: Browser) {
  const email = `ops-cs-${randomInt(1e9)}@shop.example`;
  const { stdout } = await command('scripts/operators.ts', ['add', email, '--role', 'admin']);
  const oneTime = /one-time password: (\S+)/.exec(stdout)?.[1] ?? '';
  const ops = await (await browser.newContext()).newPage();
  await ops.goto('/ops/signin');
  await ops.getByLabel('이메일').fill(email);
  await ops.getByLabel('비밀번호').fill(oneTime);
  await ops.getByRole('button', { name: '로그인' }).click();
  await expect(ops).toHaveURL(/\/ops\/password$/);
  await ops.getByLabel('현재 비밀번호').fill(oneTime);
  await ops.getByLabel('새 비밀번호', { exact: true }).fill('ops-customer-service-2026');
  await ops.getByLabel('새 비밀번호 확인').fill('ops-customer-service-2026');
  await ops.getByRole('button', { name: '비밀번호 바꾸기' }).click();
  await expect(ops).toHaveURL(/\/ops$/);
  return ops;
}

test('an order number a customer quotes finds the payment; its detail shows the delivery', async ({
  browser,
}, testInfo) => {
  const customer = await (await browser.newContext()).newPage();
  await customerWithPaidOrder(customer);
  const orderNumber =
    (await customer
      .getByText(/^\d{6}-\d{6}$/)
      .first()
      .textContent()) ?? '';

  const ops = await signedInOperator(browser);
  // As read out on the phone: the digits, without the dash.
  await ops.getByLabel('주문번호').fill(orderNumber.replace('-', ''));
  await ops.getByRole('button', { name: '검색' }).click();
  const results = ops.getByRole('table', { name: '검색 결과' });
  await expect(results.getByRole('row')).toHaveCount(2);
  await expect(results).toContainText(orderNumber);
  await results.getByRole('link', { name: /^ord_/ }).click();
  const ours = ops.getByRole('region', { name: '우리 기록' });
  await expect(ours).toContainText(`주문번호${orderNumber}`);
  await expect(ours).toContainText('받는 분김하늘 · 010-2345-6789');
  await expect(ours).toContainText('배송지(04524) 서울특별시 중구 세종대로 110 3층');
  await expect(ours).toContainText('배송 상태배송 준비 중');
  await shot(ops, testInfo, '1-payment-detail');

  // 주문·배송: the tab you are on is marked; a step's message stays on its tab only.
  await ops.goto('/ops/orders?queue=to_ship');
  const tabs = ops.getByRole('navigation', { name: '주문 구분' });
  await expect(tabs.getByRole('link', { name: '발송 대기' })).toHaveAttribute('aria-current', 'page');
  const [current, other] = await Promise.all([
    tabs.getByRole('link', { name: '발송 대기' }).evaluate((node) => getComputedStyle(node).backgroundColor),
    tabs.getByRole('link', { name: '배송 중' }).evaluate((node) => getComputedStyle(node).backgroundColor),
  ]);
  expect(current).not.toBe(other);
  // The order found by its number (the queue holds the oldest hundred), a step taken, its message
  // said — and gone on another tab.
  await ops.goto(`/ops/orders?number=${orderNumber}`);
  const card = ops.getByRole('listitem', { name: `주문 ${orderNumber}` });
  await card.getByRole('button', { name: '배송 준비 시작' }).click();
  const notice = ops.getByText(`주문 ${orderNumber}: 배송 준비를 시작했습니다.`);
  await expect(notice).toBeVisible();
  await tabs.getByRole('link', { name: '배송 중' }).click();
  await expect(tabs.getByRole('link', { name: '배송 중' })).toHaveAttribute('aria-current', 'page');
  await expect(notice).toHaveCount(0);
  await shot(ops, testInfo, '2-queue-tabs');
});

test('a customer who left is 탈퇴한 회원, and the queue says what is still owed them', async ({
  browser,
}, testInfo) => {
  const customer = await (await browser.newContext()).newPage();
  const person = await customerWithPaidOrder(customer);
  const orderNumber =
    (await customer
      .getByText(/^\d{6}-\d{6}$/)
      .first()
      .textContent()) ?? '';
  await customer.goto('/account');
  await customer.getByRole('button', { name: '회원탈퇴' }).click();
  const dialog = customer.getByRole('alertdialog', { name: '정말 탈퇴하시겠어요?' });
  await dialog.getByLabel('비밀번호 확인').fill(person.password);
  await dialog.getByRole('button', { name: '탈퇴하기' }).click();
  await expect(customer.getByRole('alertdialog', { name: '탈퇴가 완료되었습니다' })).toBeVisible();

  const ops = await signedInOperator(browser);
  await ops.goto(`/ops?orderNumber=${orderNumber}`);
  const results = ops.getByRole('table', { name: '검색 결과' });
  await expect(results).toContainText('탈퇴한 회원');
  await expect(results).not.toContainText('deleted.invalid');
  await ops.goto(`/ops/orders?number=${orderNumber}`);
  const card = ops.getByRole('listitem', { name: `주문 ${orderNumber}` });
  await expect(card).toContainText('탈퇴한 회원의 주문입니다. 탈퇴와 관계없이 배송하고');
  await shot(ops, testInfo, '3-withdrawn-in-queue');
  await card.getByRole('link', { name: '결제 상세' }).click();
  await expect(ops.getByRole('region', { name: '우리 기록' })).toContainText('고객탈퇴한 회원');
  await expect(ops.getByRole('main')).not.toContainText('deleted.invalid');
});

test('a run of npm run reconcile is listed in 대사', async ({ browser }, testInfo) => {
  const { stdout } = await command('scripts/reconcile.ts');
  expect(stdout).toContain('orders:');
  const ops = await signedInOperator(browser);
  await ops.goto('/ops/reconciliation');
  const runs = ops.getByRole('list', { name: '대사 실행 기록' });
  await expect(runs).toContainText(/명령 실행 \(npm run reconcile, [^)]+\) · 완료/);
  await shot(ops, testInfo, '4-reconcile-run');
});

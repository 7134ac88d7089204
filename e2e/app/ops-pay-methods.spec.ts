// The console and 가상계좌 (issue 36), on the emulator's virtual clock (@clock: its worker slot's app
// and merchant, support/clock-app.ts), desktop and phone: two 가상계좌 orders issued through the
// emulator's window, the clock moved past the first one's due time — the 입금 대기 queue shows it
// 기한 지남 and the other 곧 마감 — then the second is deposited at the emulator's counter, found
// by the method filter, and refunded from the console to an account the operator types: a wrong
// holder is refused by the service's check, the right one refunds it.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { emulatorUrl } from '../../playwright.config';
import { connectEmulator } from '../../test/emulator/kit';
import { clockEmulator, currentApp, expect, test } from '../support/clock-app';
import { signUp } from '../support/customers';
import { signInOperatorAnyhow } from '../support/operators';

test.describe.configure({ timeout: 300_000 });

const SHOTS = '/work/shots/ops-methods';
const devices: Record<string, BrowserContextOptions> = {
  desktop: { viewport: { width: 1280, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
};
const shot = (page: Page, device: string, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}-${device}.png`, fullPage: true });

const shipping = {
  recipient: '김하늘',
  phone: '010-2345-6789',
  postcode: '04524',
  address: '서울특별시 중구 세종대로 110',
  addressDetail: '3층',
  note: '',
};

interface Issued {
  merchantUid: string;
  impUid: string;
  orderNumber: string;
}

/** A 가상계좌 order as the order sheet makes it: the checkout, the emulator's window (due `due`), its callback verified. */
async function issueVbank(customer: Page, due: number): Promise<Issued> {
  const origin = { origin: currentApp().url };
  const started = await customer.request.post('/api/checkout', {
    headers: origin,
    data: { productId: 'drip-bag-20', idempotencyKey: randomUUID(), quantity: 1, shipping, saveAddress: false },
  });
  expect(started.status()).toBe(200);
  const { checkout } = await started.json();
  const { payment } = await connectEmulator(emulatorUrl).completeWindowPayment({
    merchant_code: currentApp().merchant.code,
    pg: checkout.pg,
    pay_method: 'vbank',
    merchant_uid: checkout.merchantUid,
    amount: checkout.amount,
    name: checkout.name,
    buyer_email: checkout.buyerEmail,
    buyer_name: checkout.buyerName,
    vbank_code: '004',
    vbank_due: due,
  });
  expect(payment?.vbank_num).toBeTruthy();
  const verified = await customer.request.post('/api/checkout/verify', {
    headers: origin,
    data: { merchant_uid: checkout.merchantUid, imp_uid: payment?.imp_uid },
  });
  expect(verified.status()).toBe(200);
  const { order } = await verified.json();
  expect(order.status).toBe('awaiting');
  return { merchantUid: checkout.merchantUid, impUid: payment?.imp_uid ?? '', orderNumber: order.orderNumber };
}

/** What the bank says the account's holder is (the emulator's GET /vbanks/holder). */
async function holderOf(bank: string, account: string): Promise<string> {
  const { body } = await connectEmulator(emulatorUrl).rest<{ bank_holder: string }>(
    'GET',
    `/vbanks/holder?bank_code=${bank}&bank_num=${account}`,
  );
  return body.response?.bank_holder ?? '';
}

async function consoleOn(browser: Browser, device: string) {
  const ops = await (await browser.newContext(devices[device])).newPage();
  await signInOperatorAnyhow(ops);
  return ops;
}

for (const device of Object.keys(devices)) {
  test(`the 입금 대기 queue and a 가상계좌 refund to a typed account (${device}) @clock`, async ({ browser }) => {
    mkdirSync(SHOTS, { recursive: true });
    const customer = await (await browser.newContext()).newPage();
    const person = await signUp(customer);
    const now = await clockEmulator.now();
    const lapsing = await issueVbank(customer, now + 3600);
    const soon = await issueVbank(customer, now + 5 * 3600);
    // The first due time passes at the service (no notice comes); the order still awaits.
    await clockEmulator.advanceClock(2 * 3600);

    const ops = await consoleOn(browser, device);
    await ops.getByRole('navigation', { name: '운영 콘솔' }).getByRole('link', { name: '입금 대기' }).click();
    await expect(ops.getByRole('heading', { level: 1, name: '입금 대기' })).toBeVisible();
    const queue = ops.getByRole('table', { name: '입금 대기 주문' });
    const rowOf = (order: Issued) => queue.getByRole('row').filter({ hasText: order.orderNumber });
    await expect(rowOf(lapsing)).toContainText('기한 지남');
    await expect(rowOf(soon)).toContainText('곧 마감');
    await expect(rowOf(soon)).toContainText('KB국민은행');
    await expect(rowOf(soon)).toContainText('18,900원');
    await shot(ops, device, 'deposits');
    await ops.getByLabel('상태').selectOption('expired');
    await ops.getByRole('button', { name: '검색' }).click();
    await expect(ops).toHaveURL(/state=expired/);
    await expect(rowOf(lapsing)).toBeVisible();
    await expect(rowOf(soon)).toHaveCount(0);

    // The deposit arrives: the service's notice makes the order paid.
    await connectEmulator(emulatorUrl).deposit(soon.impUid);
    await ops.goto('/ops');
    await ops.getByLabel('고객 이메일').fill(person.email);
    await ops.getByLabel('결제수단').selectOption('vbank');
    await ops.getByRole('button', { name: '검색' }).click();
    await expect(ops).toHaveURL(/method=vbank/);
    const results = ops.getByRole('table', { name: '검색 결과' });
    const resultOf = (order: Issued) => results.getByRole('row').filter({ hasText: order.orderNumber });
    await expect(async () => {
      await ops.reload();
      await expect(resultOf(soon)).toContainText('결제 완료', { timeout: 2_000 });
    }).toPass();
    await expect(resultOf(soon)).toContainText('가상계좌');
    await expect(resultOf(lapsing)).toContainText('입금 대기');
    await shot(ops, device, 'payments');

    await resultOf(soon).getByRole('link', { name: soon.merchantUid }).click();
    await expect(ops.getByText('환불 가능 금액 18,900원')).toBeVisible();
    const refund = ops.getByRole('form', { name: '환불' });
    await expect(refund).toContainText('고객이 남긴 환불 계좌가 없습니다.');
    await refund.getByLabel('은행').selectOption('KB국민은행');
    await refund.getByLabel('계좌번호').fill('123-456-78901');
    await refund.getByLabel('예금주').fill('아무개');
    await refund.getByRole('button', { name: '환불하기' }).click();
    let confirm = ops.getByRole('alertdialog', { name: '18,900원을 환불할까요?' });
    await expect(confirm).toContainText('KB국민은행 12345678901 (예금주 아무개)');
    await confirm.getByRole('button', { name: '확인' }).click();
    await expect(refund.getByRole('alert')).toContainText('예금주가 계좌의 실제 예금주와 다릅니다.');
    await shot(ops, device, 'refund-holder-refused');

    await refund.getByLabel('예금주').fill(await holderOf('004', '12345678901'));
    await refund.getByRole('button', { name: '환불하기' }).click();
    confirm = ops.getByRole('alertdialog', { name: '18,900원을 환불할까요?' });
    await shot(ops, device, 'refund-confirmation');
    await confirm.getByRole('button', { name: '확인' }).click();
    await expect(ops.getByText('18,900원을 환불했습니다. 남은 금액 0원')).toBeVisible();
    await expect(ops.getByRole('region', { name: '우리 기록' })).toContainText('환불됨');
    await shot(ops, device, 'payment-detail');
    const atService = (await clockEmulator.payments()).find((payment) => payment.imp_uid === soon.impUid);
    expect(atService).toMatchObject({ status: 'cancelled', cancel_amount: 18_900 });

    await ops.goto('/ops/orders?queue=recent&method=vbank');
    const card = ops.getByRole('listitem', { name: `주문 ${soon.orderNumber}` });
    await expect(card).toContainText('가상계좌');
    await expect(ops.getByLabel('결제수단')).toHaveValue('vbank');
    await shot(ops, device, 'orders');
    await ops.goto(`/ops/webhooks?payment=${soon.impUid}`);
    await expect(ops.getByRole('table', { name: '받은 웹훅' })).toBeVisible();
    await shot(ops, device, 'webhooks');
  });
}

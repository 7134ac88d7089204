// The operator console, end to end: an operator made by `npm run operators` signs in (changing the
// one-time password), finds a customer's one-click order by email, refunds 3,000원 of it, and the
// customer (another browser context) sees the partial refund on the orders page; the order's
// webhook delivery is processed again. A customer's session never opens /ops.
import { expect, type Page, test } from '@playwright/test';
import { E2E_OPERATOR } from '../../playwright.config';
import { shot } from '../support/customers';
import { signInOperator, signInOperatorAnyhow } from '../support/operators';
import { customerWithPaidOrder } from '../support/orders';

// One operator account: its first sign-in happens once, then the tests use the new password.
// Two customers' whole flows and an operator's per test: sized for a loaded 2-core machine.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const orderItems = (page: Page) => page.getByRole('list', { name: '주문 목록' }).getByRole('listitem');

test('an operator finds a one-click order by email, refunds 3,000원, and the customer sees it', async ({
  browser,
}, testInfo) => {
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  const person = await customerWithPaidOrder(customer);

  // The customer's session is nobody in the console.
  await customer.goto('/ops');
  await expect(customer).toHaveURL(/\/ops\/signin$/);

  const opsContext = await browser.newContext();
  const ops = await opsContext.newPage();
  await signInOperator(ops, { first: true });
  await ops.getByLabel('고객 이메일').fill(person.email);
  await ops.getByLabel('종류').selectOption('one_click');
  await ops.getByRole('button', { name: '검색' }).click();
  await expect(ops).toHaveURL(/email=.*kind=one_click/);
  const results = ops.getByRole('table', { name: '검색 결과' });
  await expect(results.getByRole('row')).toHaveCount(2);
  await expect(results).toContainText('드립백 20개입');
  await expect(results).toContainText('결제 완료');
  await shot(ops, testInfo, '1-search');

  await results.getByRole('link', { name: /^ord_/ }).click();
  await expect(ops.getByRole('heading', { name: '결제 서비스 기록 (실시간)' })).toBeVisible();
  await expect(ops.getByText('환불 가능 금액 18,900원')).toBeVisible();
  const refund = ops.getByRole('form', { name: '환불' });
  await refund.getByLabel('환불 금액 (원)').fill('3000');
  await refund.getByLabel('사유').selectOption('customer_request');
  await refund.getByLabel('메모').fill('고객 전화 요청 (e2e)');
  // Money moves only after a confirmation: 취소 in it changes nothing.
  await refund.getByRole('button', { name: '환불하기' }).click();
  let confirm = ops.getByRole('alertdialog', { name: '3,000원을 환불할까요?' });
  await expect(confirm).toContainText('환불 후 남는 금액15,900원');
  await expect(confirm).toContainText(`${person.email}(으)로 환불 안내 메일(3,000원 환불)이 발송됩니다.`);
  await expect(confirm).toContainText('주문 내역에 “부분 환불 3,000원”으로 표시됩니다.');
  await shot(ops, testInfo, '2-refund-confirmation');
  await confirm.getByRole('button', { name: '취소' }).click();
  await expect(confirm).toBeHidden();
  await ops.reload();
  await expect(ops.getByText('환불 가능 금액 18,900원')).toBeVisible();
  await expect(ops.getByRole('table', { name: '이 결제에 대한 운영 기록' })).toContainText('기록이 없습니다.');
  await refund.getByLabel('환불 금액 (원)').fill('3000');
  await refund.getByLabel('메모').fill('고객 전화 요청 (e2e)');
  await refund.getByRole('button', { name: '환불하기' }).click();
  confirm = ops.getByRole('alertdialog', { name: '3,000원을 환불할까요?' });
  await confirm.getByRole('button', { name: '확인' }).click();
  await expect(ops.getByText('3,000원을 환불했습니다. 남은 금액 15,900원')).toBeVisible();
  await expect(confirm).toBeHidden();
  // The detail was read again: both sides show the refund, and the audit row is there.
  await expect(ops.getByRole('list', { name: '취소 내역' })).toContainText('3,000원');
  await expect(ops.getByText('환불 가능 금액 15,900원')).toBeVisible();
  // The audit row in Korean: the action, the reason and the result, the raw code beside it.
  const audit = ops.getByRole('table', { name: '이 결제에 대한 운영 기록' });
  await expect(audit).toContainText('결제 환불');
  await expect(audit).toContainText('고객 요청');
  await expect(audit).toContainText('3,000원 환불, 남은 금액 15,900원');
  await expect(audit).toContainText('payment.refund');
  // The console's header carries no customer links.
  await expect(ops.getByRole('link', { name: '로그인' })).toHaveCount(0);
  await expect(ops.getByRole('link', { name: '회원가입' })).toHaveCount(0);
  await expect(ops.getByRole('contentinfo')).toHaveCount(0);
  await shot(ops, testInfo, '2-refunded');

  await customer.goto('/account/orders');
  await expect(orderItems(customer)).toHaveCount(1);
  await expect(orderItems(customer)).toContainText('부분 환불 3,000원 · 남은 결제 금액 15,900원');
  await shot(customer, testInfo, '3-customer-orders');

  // Search by status finds it as partly refunded.
  await ops.goto(`/ops?email=${encodeURIComponent(person.email)}&status=partially_refunded`);
  await expect(ops.getByRole('table', { name: '검색 결과' })).toContainText('부분 환불');
  await customerContext.close();
  await opsContext.close();
});

test("an order's webhook delivery is processed again, changing nothing twice", async ({ browser }, testInfo) => {
  const customerContext = await browser.newContext();
  await customerWithPaidOrder(await customerContext.newPage());
  const ops = await (await browser.newContext()).newPage();
  await signInOperator(ops);
  await ops.goto('/ops/webhooks?outcome=ok');
  const deliveries = ops.getByRole('table', { name: '받은 웹훅' });
  // In Korean, the stored words under it (issue 32: "order paid" showed through).
  await expect(deliveries.getByRole('row').nth(1)).toContainText('주문 결제 반영');
  await expect(deliveries.getByRole('row').nth(1)).toContainText('결제 완료');
  await deliveries
    .getByRole('button', { name: /다시 처리/ })
    .first()
    .click();
  await expect(ops.getByText('다시 처리했습니다: 주문 결제 반영')).toBeVisible();
  await shot(ops, testInfo, '4-webhook-again');
  await ops.goto('/ops/audit?action=webhook.process');
  await expect(ops.getByRole('table', { name: '운영 기록' })).toContainText('webhook.process');
  await customerContext.close();
});

test('the reconciliation page leads with the latest run: when, who and what it did', async ({ browser }, testInfo) => {
  const ops = await (await browser.newContext()).newPage();
  await signInOperatorAnyhow(ops);
  await ops.goto('/ops/reconciliation');
  await ops.getByRole('button', { name: '지금 대사 실행' }).click();
  await expect(ops.getByText(/대사를 마쳤습니다/)).toBeVisible({ timeout: 60_000 });
  const latest = ops.getByRole('region', { name: '마지막 대사' });
  await expect(latest).toContainText(E2E_OPERATOR);
  await expect(latest).toContainText(/완료 · 환불 \d+건 확인·\d+건 실패; .* 오류 \d+건/);
  await expect(latest.getByText('실행 중')).toHaveCount(0);
  await shot(ops, testInfo, '5-reconciliation-desktop');
  await ops.setViewportSize({ width: 390, height: 844 });
  await expect(latest).toBeVisible();
  await shot(ops, testInfo, '5-reconciliation-phone');
});

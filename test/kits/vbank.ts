// A 가상계좌 order's refund account as the order page sends it (POST /api/orders/{n}/refund-account).
import { POST as refundAccountRoute } from '@/app/api/orders/[orderNumber]/refund-account/route';
import { startCheckout } from '@/lib/orders/checkout';
import type { CheckoutStart, OrderSummary } from '@/lib/orders/order-view';
import type { AppHarness } from '@/test/app-harness';
import { pageRequest } from '@/test/factories';
import { shipping } from '@/test/kits/fulfilment';
import { newKey, type Shopper } from '@/test/kits/orders';

export const refundAccountCall = (shopper: Shopper, orderNumber: string, body: unknown) =>
  refundAccountRoute(
    pageRequest(`/api/orders/${orderNumber}/refund-account`, { method: 'POST', body, cookie: shopper.customer.cookie }),
    { params: Promise.resolve({ orderNumber }) },
  );

/** The window's fields for a checkout started with payMethod 'vbank', the account opened at KB국민은행 (004). */
export const vbankWindowFields = (checkout: CheckoutStart) => ({
  pg: checkout.pg,
  pay_method: checkout.payMethod,
  merchant_uid: checkout.merchantUid,
  amount: checkout.amount,
  name: checkout.name,
  buyer_name: checkout.buyerName,
  vbank_code: '004',
  vbank_due: checkout.vbankDue,
});

/**
 * One order, two 가상계좌 windows (two accounts under its number, issued while it waits), both
 * deposited: the first pays it, the second buys nothing (money owed back until the customer names an account).
 */
export async function twoAccountsBothDeposited(app: AppHarness, shopper: Shopper) {
  const { order, first, second } = await twoAccountsIssued(app, shopper);
  await app.emulator().deposit(first);
  const { notifications } = await app.emulator().deposit(second);
  return { order, paidBy: first, second, notifications };
}

/** One order, two 가상계좌 windows under its number, the first verified; neither deposited yet. */
export async function twoAccountsIssued(app: AppHarness, shopper: Shopper) {
  const checkout = await startCheckout(shopper.user, {
    productId: 'drip-bag-20',
    idempotencyKey: newKey(),
    quantity: 1,
    shipping,
    saveAddress: false,
    payMethod: 'vbank',
  });
  const first = await app.emulator().completeWindowPayment(vbankWindowFields(checkout));
  const second = await app.emulator().completeWindowPayment(vbankWindowFields(checkout));
  const verified = await shopper.verify({ merchant_uid: checkout.merchantUid, imp_uid: first.rsp.imp_uid });
  const { order } = (await verified.json()) as { order: OrderSummary };
  return { order, first: String(first.rsp.imp_uid), second: String(second.rsp.imp_uid) };
}

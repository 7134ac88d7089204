import 'server-only';
import type { User } from '@/lib/accounts';
import { env } from '@/lib/env';
import { IamportApiError, IamportError, IamportNotFoundError, iamport } from '@/lib/iamport';
import type { CheckoutAnswer, CheckoutStart } from '@/lib/orders/order-view';
import { buyerOf, buysNothing, readPaymentOn } from '@/lib/payments';
import { type CheckoutMethod, windowParams } from '@/lib/payments/client';
import { type Api, providerFor, v2Window } from '@/lib/provider';
import type { ShippingDetails } from '@/lib/values/client';
import { refuseReceiptFor, requestCashReceipt } from './cash-receipt';
import type { CashReceiptRequest } from './cash-receipt-input';
import { openOrder, orderedProduct } from './open-order';
import { findUserOrder, type Order, orderName, transitionOrder } from './orders';
import { refuseOrder, serviceUnavailableCheckOrders } from './refusals';
import { applyPayment } from './settle';
import { saveDefaultAddress } from './shipping-address';

/**
 * Starts a payment-window checkout: an order at the catalogue price, its amount pre-registered
 * with the service (/payments/prepare) so a window asking for another amount is refused before it
 * opens. A repeat of the request (same key) answers the same order while it is still open.
 */
export async function startCheckout(
  user: User,
  input: {
    productId: string;
    idempotencyKey: string;
    quantity?: number;
    shipping?: ShippingDetails;
    saveAddress?: boolean;
    /** The method chosen on the order sheet; default a card. */
    payMethod?: CheckoutMethod;
    /** A 현금영수증 asked for with a cash method (가상계좌, 계좌이체). */
    cashReceipt?: CashReceiptRequest;
  },
): Promise<CheckoutAnswer> {
  const payMethod = input.payMethod ?? 'card';
  const api = env.PORTONE_API;
  // V2 here pays by card and by KakaoPay (its easy-pay channel); 가상계좌, 이체, 휴대폰, 편의점 stay V1's.
  if (api === 'v2' && payMethod !== 'card' && payMethod !== V2_WALLET) throw refuseOrder('method_unavailable');
  refuseReceiptFor(payMethod, input.cashReceipt);
  const { order, created } = await openOrder({
    userId: user.id,
    product: orderedProduct(input.productId),
    method: 'window',
    idempotencyKey: input.idempotencyKey,
    quantity: input.quantity,
    shipping: input.shipping,
    payMethod,
    api,
  });
  if (order.status !== 'created') throw refuseOrder('order_closed');
  if (input.cashReceipt) await requestCashReceipt(order, input.cashReceipt);
  if (order.api === 'v2') await providerFor('v2').prepareCheckout({ orderId: order.merchantUid, amount: order.amount });
  else await prepareAmount(order);
  if (created && input.saveAddress && input.shipping) await saveDefaultAddress(user.id, input.shipping);
  const params = windowParams(payMethod, env.IMP_PG);
  const start: CheckoutStart = {
    merchantUid: order.merchantUid,
    pg: params.pg,
    payMethod: params.pay_method,
    method: payMethod,
    ...(payMethod === 'vbank' && { vbankDue: (await iamport().serviceNow()) + VBANK_LIFETIME_SECONDS }),
    name: orderName(order),
    amount: order.amount,
    buyerName: buyerOf(user).buyer_name,
    buyerEmail: buyerOf(user).buyer_email,
  };
  if (order.api === 'v1') return { ...start, api: 'v1' };
  const wallet = payMethod === V2_WALLET;
  return {
    ...start,
    ...v2Window(),
    channelKey: wallet ? env.PORTONE_EASY_PAY_CHANNEL_KEY : env.PORTONE_CHANNEL_KEY,
    paymentId: order.merchantUid,
    orderName: start.name,
    totalAmount: order.amount,
    currency: 'KRW',
    payMethod: wallet ? 'EASY_PAY' : 'CARD',
    ...(wallet && { easyPay: { easyPayProvider: 'KAKAOPAY' } }),
  };
}

/** The wallet V2's easy-pay channel (PORTONE_EASY_PAY_CHANNEL_KEY) is, as the emulator's default store has it. */
const V2_WALLET: CheckoutMethod = 'kakaopay';

/** How long a 가상계좌 waits for its deposit (service clock). */
const VBANK_LIFETIME_SECONDS = 3 * 86_400;

async function prepareAmount(order: Order): Promise<void> {
  const payments = iamport().payments;
  try {
    await payments.prepare({ merchant_uid: order.merchantUid, amount: order.amount });
  } catch (error) {
    if (!(error instanceof IamportError)) throw error;
    // A repeated request finds its amount already registered; anything else means no window.
    const registered =
      error instanceof IamportApiError &&
      (await payments.getPrepared({ merchant_uid: order.merchantUid }).catch(() => undefined));
    if (registered && registered.amount === order.amount) return;
    throw error;
  }
}

/**
 * The browser is back from the window with an imp_uid. The order is this user's; the payment is
 * read with our key and must be this order's; then its record — not the browser — settles the
 * order: paid at the order's amount, failed with the issuer's reason, or refunded on a mismatch.
 */
export async function confirmCheckout(
  user: User,
  merchantUid: string,
  impUid: string,
  api: Api = 'v1',
): Promise<Order> {
  const order = await findUserOrder(user.id, merchantUid);
  if (order?.method !== 'window') throw refuseOrder('order_not_found');
  // The browser reported a payment of the other API than the order was opened on: not this order's.
  if (order.api !== api) throw refuseOrder('payment_mismatch');
  try {
    // V2: `impUid` is the paymentId, read on V2 (its failures in V1's terms, so the rules below hold).
    const payment = await readPaymentOn(order.api, impUid);
    if (payment.merchant_uid !== order.merchantUid) throw refuseOrder('payment_mismatch');
    const settled = await applyPayment(order, payment);
    if (payment.status === 'paid' && buysNothing(payment)) throw refuseOrder('sandbox_payment');
    return settled;
  } catch (error) {
    if (error instanceof IamportNotFoundError) throw refuseOrder('payment_mismatch');
    if (!(error instanceof IamportError)) throw error;
    // The customer paid (or says so) and the service cannot be asked now: the order shows as
    // being checked, and a later look-up by merchant_uid (or the webhook) settles it.
    await transitionOrder(order, ['created'], { status: 'pending' });
    throw serviceUnavailableCheckOrders();
  }
}

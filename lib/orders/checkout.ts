import 'server-only';
import type { User } from '@/lib/accounts';
import { env } from '@/lib/env';
import { IamportApiError, IamportError, IamportNotFoundError, iamport } from '@/lib/iamport';
import type { CheckoutStart } from '@/lib/orders/order-view';
import { buyerOf, buysNothing } from '@/lib/payments';
import type { ShippingDetails } from '@/lib/values/client';
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
  },
): Promise<CheckoutStart> {
  const { order, created } = await openOrder({
    userId: user.id,
    product: orderedProduct(input.productId),
    method: 'window',
    idempotencyKey: input.idempotencyKey,
    quantity: input.quantity,
    shipping: input.shipping,
  });
  if (order.status !== 'created') throw refuseOrder('order_closed');
  await prepareAmount(order);
  if (created && input.saveAddress && input.shipping) await saveDefaultAddress(user.id, input.shipping);
  return {
    merchantUid: order.merchantUid,
    pg: env.IMP_PG,
    name: orderName(order),
    amount: order.amount,
    buyerName: buyerOf(user).buyer_name,
    buyerEmail: buyerOf(user).buyer_email,
  };
}

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
export async function confirmCheckout(user: User, merchantUid: string, impUid: string): Promise<Order> {
  const order = await findUserOrder(user.id, merchantUid);
  if (order?.method !== 'window') throw refuseOrder('order_not_found');
  try {
    const payment = await iamport().payments.get({ imp_uid: impUid });
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

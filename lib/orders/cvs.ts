import 'server-only';
import type { User } from '@/lib/accounts';
import { IamportError, IamportNotFoundError, iamport, type Payment } from '@/lib/iamport';
import { buyerOf } from '@/lib/payments';
import { openOrder, orderedProduct } from './open-order';
import { findOrderByMerchantUid, findUserOrder, type Order, reloadOrder, transitionOrder } from './orders';
import { refuseOrder, serviceUnavailableCheckOrders } from './refusals';
import { applyPayment } from './settle';

// Convenience-store barcodes (deprecated by the service, still offered): the customer pays the
// order in cash or by card at a store counter. The service asks our confirm URL before it collects
// and notifies the webhook once paid; the order waits (`awaiting`) until then.

/** How long a barcode can be paid, from its issue (service clock). */
const COLLECT_WITHIN_SECONDS = 3 * 86_400;

/**
 * Issues a barcode for a catalogue product. `confirmUrl` is this app's collection check, on the
 * origin the customer uses. A repeat of the request (same key) answers the same barcode; a lost
 * answer is recovered by looking the merchant_uid up, never by issuing a second one.
 */
export async function issueBarcode(
  user: User,
  input: { productId: string; idempotencyKey: string },
  confirmUrl: string,
): Promise<Order> {
  const { order, created } = await openOrder({
    userId: user.id,
    product: orderedProduct(input.productId),
    method: 'cvs',
    idempotencyKey: input.idempotencyKey,
  });
  if (order.status !== 'created') return order;
  const payment = created ? await issue(order, user, confirmUrl) : await issuedOrIssue(order, user, confirmUrl);
  const awaiting = await transitionOrder(order, ['created'], {
    status: 'awaiting',
    impUid: payment.imp_uid,
    barcode: payment.vbank_num,
    collectBy: payment.vbank_date || null,
  });
  return awaiting ?? reloadOrder(order);
}

async function issue(order: Order, user: User, confirmUrl: string): Promise<Payment> {
  const client = iamport();
  return client.cvs.issue({
    merchant_uid: order.merchantUid,
    amount: order.amount,
    name: order.productName,
    ...buyerOf(user),
    expired_at: (await client.serviceNow()) + COLLECT_WITHIN_SECONDS,
    confirm_url: confirmUrl,
  });
}

/** A repeat after a lost answer: the first request may have issued it already. */
async function issuedOrIssue(order: Order, user: User, confirmUrl: string): Promise<Payment> {
  try {
    return await iamport().payments.find({ merchant_uid: order.merchantUid });
  } catch (error) {
    if (error instanceof IamportNotFoundError) return issue(order, user, confirmUrl);
    throw error;
  }
}

/** The customer no longer wants it: the barcode is made unusable at the service, and the order cancelled. */
export async function cancelBarcode(user: User, merchantUid: string): Promise<Order> {
  const order = await findUserOrder(user.id, merchantUid);
  if (order?.method !== 'cvs' || !order.impUid) throw refuseOrder('order_not_found');
  if (order.status !== 'awaiting') throw refuseOrder('order_closed');
  try {
    return await applyPayment(order, await iamport().cvs.cancel({ imp_uid: order.impUid }));
  } catch (error) {
    if (!(error instanceof IamportError)) throw error;
    // Refused: perhaps a store collected it a moment ago — the record decides; without one the
    // outcome is open, so the customer looks again in the order history.
    const now = await iamport()
      .payments.get({ imp_uid: order.impUid })
      .catch((unread: unknown) => {
        throw unread instanceof IamportError ? serviceUnavailableCheckOrders() : unread;
      });
    const settled = await applyPayment(order, now);
    if (settled.status === 'awaiting') throw serviceUnavailableCheckOrders();
    return settled;
  }
}

/**
 * The service's collection check (its confirm_url): collect only a barcode of an order still
 * waiting, at the order's amount. The body is a hint; the payment is read back with our key.
 */
export async function allowCollection(impUid: string): Promise<boolean> {
  let payment: Payment;
  try {
    payment = await iamport().payments.get({ imp_uid: impUid });
  } catch (error) {
    if (error instanceof IamportNotFoundError) return false;
    throw error;
  }
  const order = await findOrderByMerchantUid(payment.merchant_uid);
  return (
    order?.method === 'cvs' &&
    order.status === 'awaiting' &&
    order.impUid === payment.imp_uid &&
    payment.status === 'ready' &&
    payment.amount === order.amount
  );
}

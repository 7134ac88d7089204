import 'server-only';
import { IamportApiError, IamportAuthenticationError, IamportError, iamport, type Payment } from '@/lib/iamport';
import type { Order } from './orders';
import { refuseOrder } from './refusals';
import { applyPayment } from './settle';

/**
 * The customer's cancel of a 가상계좌 order still waiting for its deposit: the account is closed at the
 * service (DELETE /vbanks) so no money can arrive, and the order follows the service's record. When
 * the service refuses to close it — the deposit came first, the deadline passed, or part of the
 * amount is already in it — the record read then decides (paid: the caller cancels it as a paid
 * order; expired: cancelled; partly deposited: still waiting, and the caller refunds what came).
 */
export async function closeVbank(order: Order): Promise<Order> {
  if (!order.impUid) throw refuseOrder('not_cancellable');
  let record: Payment;
  try {
    record = await iamport().vbanks.revoke({ imp_uid: order.impUid });
  } catch (error) {
    if (!(error instanceof IamportApiError) || error instanceof IamportAuthenticationError) throw error;
    record = await iamport().payments.get({ imp_uid: order.impUid });
  }
  return applyPayment(order, record);
}

/**
 * A 가상계좌 order still waiting, looked up at the service (its order page, reconciliation): a deposit
 * whose notice was lost makes it paid, a deadline passed (which sends no notice) cancels it. Service
 * trouble leaves it waiting for the next look.
 */
export async function settleAwaitingVbank(order: Order): Promise<Order> {
  if (order.status !== 'awaiting' || order.payMethod !== 'vbank' || !order.impUid) return order;
  try {
    return await applyPayment(order, await iamport().payments.get({ imp_uid: order.impUid }));
  } catch (error) {
    if (error instanceof IamportError) return order;
    throw error;
  }
}

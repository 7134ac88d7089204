import 'server-only';
import {
  type CashReceipt,
  IamportApiError,
  IamportAuthenticationError,
  IamportError,
  IamportNotFoundError,
  iamport,
} from '@/lib/iamport';
import { log } from '@/lib/log';
import { claimIssue, dropRequest, isClaim, recordCancelled, recordIssued, recordNotIssued } from './cash-receipt-store';
import { type Order, reloadOrder } from './orders';

// Brings an order's 현금영수증 in line with its money, at the service: a request on a paid order
// is issued (once: a claim on the row lets one caller ask, and what the service holds decides a
// refused or lost answer), an issued one whose order was refunded in full is cancelled, and a
// request whose order will never be paid is let go. Called when an order is paid, after a full
// refund, from the order page and by reconciliation; each call does what is left, or nothing.

/** The service said no for good (the payment not paid, not cash), not that it could not answer now. */
const isRefusal = (error: IamportError) =>
  error instanceof IamportApiError && error.httpStatus < 500 && !(error instanceof IamportAuthenticationError);

const isDone = (order: Order) => order.status === 'cancelled' || order.status === 'refunded';

/**
 * One step towards the receipt the order's money calls for; service trouble is thrown (reconciliation
 * counts it). `now`: this server's clock (ms), which decides when a claim was lost (tests move it).
 */
export async function settleCashReceipt(order: Order, now = Date.now()): Promise<Order> {
  let current = order;
  // Issued and then cancelled is two steps (a request taken to the service just as the order was refunded).
  for (let step = 0; step < 2; step++) {
    const next = await stepOf(current, now);
    if (next === current) return current;
    current = next;
  }
  return current;
}

/** As settleCashReceipt, for the paths of payments and refunds: the service out of reach leaves it for the next look. */
export async function trySettleCashReceipt(order: Order): Promise<Order> {
  try {
    return await settleCashReceipt(order);
  } catch (error) {
    if (!(error instanceof IamportError)) throw error;
    log.warn({ merchantUid: order.merchantUid, err: error }, 'cash receipt left for reconciliation');
    return order;
  }
}

async function stepOf(order: Order, now: number): Promise<Order> {
  if (order.cashReceiptStatus === 'requested' && order.impUid) {
    if (order.status === 'paid') return issue(order, order.impUid, now);
    // A request in flight when the order was refunded: what the service holds decides.
    if (isDone(order) && isClaim(order.cashReceiptApplyNum)) return issue(order, order.impUid, now);
  }
  if (order.cashReceiptStatus === 'requested' && isDone(order)) return (await dropRequest(order)) ?? order;
  if (order.cashReceiptStatus === 'issued' && order.status === 'refunded' && order.impUid)
    return cancel(order, order.impUid);
  return order;
}

/** The receipt standing at the service for the payment, if one does (a cancelled one does not). */
async function standing(impUid: string): Promise<CashReceipt | undefined> {
  try {
    const receipt = await iamport().receipts.get({ imp_uid: impUid });
    return receipt.cancelled_at === 0 ? receipt : undefined;
  } catch (error) {
    if (error instanceof IamportNotFoundError) return undefined;
    throw error;
  }
}

async function issue(order: Order, impUid: string, now: number): Promise<Order> {
  const claimed = await claimIssue(order, now);
  // Another caller is asking the service now (or has settled it): the row says what came of it.
  if (!claimed?.cashReceiptApplyNum) return reloadOrder(order);
  const claim = claimed.cashReceiptApplyNum;
  // An earlier claim's answer may have been lost after the service issued: asked before issuing again.
  let receipt = await standing(impUid);
  if (!receipt && isDone(claimed)) return (await recordNotIssued(claimed, claim, 'cancelled')) ?? reloadOrder(order);
  if (!receipt) {
    try {
      receipt = await iamport().receipts.issue({
        imp_uid: impUid,
        identifier: claimed.cashReceiptIdentifier ?? '',
        type: claimed.cashReceiptType ?? 'person',
        identifier_type: claimed.cashReceiptType === 'company' ? 'business' : 'phone',
      });
    } catch (error) {
      if (!(error instanceof IamportError)) throw error;
      // Refused (one issued meanwhile?) or the answer lost: the service's record says which.
      receipt = await standing(impUid);
      if (!receipt && isRefusal(error)) {
        log.warn({ merchantUid: order.merchantUid, err: error }, 'cash receipt refused by the service');
        return (await recordNotIssued(claimed, claim, 'failed')) ?? reloadOrder(order);
      }
      // Unknown: the claim stays until its lease ends, then the next look asks the service again.
      if (!receipt) throw error;
    }
  }
  return (await recordIssued(claimed, claim, receipt.apply_num ?? '')) ?? reloadOrder(order);
}

async function cancel(order: Order, impUid: string): Promise<Order> {
  try {
    await iamport().receipts.cancel({ imp_uid: impUid });
  } catch (error) {
    if (!(error instanceof IamportError)) throw error;
    // Cancelled already (another caller), or the answer lost: nothing standing means it is done.
    if (await standing(impUid)) throw error;
  }
  return (await recordCancelled(order)) ?? reloadOrder(order);
}

import 'server-only';
import { refusals } from '@/lib/http';
import type { CheckoutMethod } from '@/lib/payments/client';
import { takesCashReceipt } from '@/lib/payments/client';
import type { CashReceiptRequest } from './cash-receipt-input';
import { trySettleCashReceipt } from './cash-receipt-settle';
import { storeRequest } from './cash-receipt-store';
import { type CashReceiptState, type CashReceiptView, maskedIdentifier } from './cash-receipt-view';
import { type Order, reloadOrder } from './orders';

// 현금영수증 of a 가상계좌 or 계좌이체 order, asked for at checkout or later from the order page: kept
// as `requested` and issued at the service as soon as the order is paid (cash-receipt-settle.ts).

export const refuseCashReceipt = refusals({
  cash_receipt_not_cash: [422, '현금영수증은 가상계좌·계좌이체로 결제한 주문에만 발급됩니다.'],
  cash_receipt_closed: [409, '취소되었거나 환불된 주문에는 현금영수증을 신청할 수 없습니다.'],
  cash_receipt_exists: [409, '이미 현금영수증을 신청했습니다. 주문 상세에서 발급 상태를 확인해 주세요.'],
});

/** Orders that may still be paid or are paid: a receipt may be asked for them. */
const OPEN: Order['status'][] = ['created', 'pending', 'awaiting', 'paid'];

/** At checkout, before the order is opened: a receipt is only for a method paid in cash. */
export function refuseReceiptFor(method: CheckoutMethod, request: CashReceiptRequest | undefined): void {
  if (request && !takesCashReceipt(method)) throw refuseCashReceipt('cash_receipt_not_cash');
}

/**
 * The customer asks for a receipt (checkout, the order page). Asked again with the same number it
 * answers the one asked for; another number replaces a request not yet taken to the service. On a
 * paid order it is issued now (a lost answer or service trouble leaves it `requested` for reconciliation).
 */
export async function requestCashReceipt(order: Order, request: CashReceiptRequest): Promise<Order> {
  if (!takesCashReceipt(order.payMethod)) throw refuseCashReceipt('cash_receipt_not_cash');
  if (!OPEN.includes(order.status) || order.refundedAmount >= order.amount)
    throw refuseCashReceipt('cash_receipt_closed');
  const stored = await storeRequest(order, request);
  if (!stored) {
    const now = await reloadOrder(order);
    if (!isSameRequest(now, request)) throw refuseCashReceipt('cash_receipt_exists');
    return trySettleCashReceipt(now);
  }
  return trySettleCashReceipt(stored);
}

/** Whether the order's standing request is this one (a double click, a retry): compared by type and last four digits once masked. */
const isSameRequest = (order: Order, request: CashReceiptRequest) =>
  (order.cashReceiptStatus === 'requested' || order.cashReceiptStatus === 'issued') &&
  order.cashReceiptType === request.type &&
  request.identifier.endsWith(order.cashReceiptIdentifier ?? '\0');

/** The receipt as the customer and the console see it: the number masked; null when none was asked for. */
export function cashReceiptView(order: Order): CashReceiptView | null {
  if (!order.cashReceiptStatus || !order.cashReceiptType) return null;
  return {
    status: order.cashReceiptStatus,
    type: order.cashReceiptType,
    identifier: maskedIdentifier(order.cashReceiptType, order.cashReceiptIdentifier ?? ''),
    applyNum: order.cashReceiptStatus === 'issued' ? order.cashReceiptApplyNum : null,
  };
}

/** The order page's section: the receipt after what is due was done (issued if paid, cancelled if refunded). */
export async function cashReceiptState(order: Order): Promise<CashReceiptState> {
  const settled = await trySettleCashReceipt(order);
  return {
    cashReceipt: cashReceiptView(settled),
    mayRequest:
      takesCashReceipt(settled.payMethod) &&
      OPEN.includes(settled.status) &&
      settled.refundedAmount < settled.amount &&
      (settled.cashReceiptStatus === null || settled.cashReceiptStatus === 'failed'),
  };
}

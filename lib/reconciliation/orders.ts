import 'server-only';
import { failureOf } from '@/lib/iamport';
import type { Order } from '@/lib/orders';
import { applyPayment, listOpenOrdersSince, settleOwedWithAccounts, settlePendingOrder } from '@/lib/orders';
import { resolveChargeOn } from '@/lib/payments';
import { settleVbanksPastDue } from './vbanks';

/** Orders older than this are left alone (an abandoned checkout stays abandoned). */
const LOOKBACK_MS = 7 * 86_400_000;

export interface OrderReconcileReport {
  checked: number;
  /** Orders whose status changed from the service's records. */
  settled: number;
  errors: string[];
}

/**
 * Orders whose outcome this server may have missed — a window paid whose browser never came
 * back and whose notice was lost, a barcode collected whose notice was lost, a charge whose answer
 * was lost, a 가상계좌 past its deadline (first, however old) — looked up and settled through the same
 * once-only path; then money owed back whose account is now on its order is refunded to it.
 */
export async function reconcileOrders(now = Date.now()): Promise<OrderReconcileReport> {
  const report: OrderReconcileReport = await settleVbanksPastDue();
  const open = await listOpenOrdersSince(new Date(now - LOOKBACK_MS));
  for (const order of open) {
    report.checked += 1;
    try {
      const settled = order.status === 'pending' ? await settlePendingOrder(order, now) : await lookUp(order);
      if (settled.status !== order.status) report.settled += 1;
    } catch (error) {
      report.errors.push(failureOf(order.merchantUid, error));
    }
  }
  // Money owed back whose account came while the service was out of reach: refunded now, once.
  const owed = await settleOwedWithAccounts();
  report.errors.push(...owed.errors);
  return report;
}

async function lookUp(order: Order): Promise<Order> {
  const truth = await resolveChargeOn(order.api, order.merchantUid);
  return truth.outcome === 'not_found' ? order : applyPayment(order, truth.payment);
}

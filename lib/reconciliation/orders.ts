import 'server-only';
import { failureOf, iamport } from '@/lib/iamport';
import type { Order } from '@/lib/orders';
import { applyPayment, listOpenOrdersSince, settlePendingOrder } from '@/lib/orders';

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
 * was lost — looked up by merchant_uid and settled through the same once-only path.
 */
export async function reconcileOrders(now = Date.now()): Promise<OrderReconcileReport> {
  const open = await listOpenOrdersSince(new Date(now - LOOKBACK_MS));
  const report: OrderReconcileReport = { checked: 0, settled: 0, errors: [] };
  for (const order of open) {
    report.checked += 1;
    try {
      const settled = order.status === 'pending' ? await settlePendingOrder(order, now) : await lookUp(order);
      if (settled.status !== order.status) report.settled += 1;
    } catch (error) {
      report.errors.push(failureOf(order.merchantUid, error));
    }
  }
  return report;
}

async function lookUp(order: Order): Promise<Order> {
  const truth = await iamport().charges.resolve({ merchant_uid: order.merchantUid });
  return truth.outcome === 'not_found' ? order : applyPayment(order, truth.payment);
}

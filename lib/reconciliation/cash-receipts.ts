import 'server-only';
import { failureOf } from '@/lib/iamport';
import { listUnsettledReceipts, settleCashReceipt } from '@/lib/orders';

export interface CashReceiptReport {
  /** Orders whose 현금영수증 had something left to do (issue, cancel, let go). */
  checked: number;
  issued: number;
  cancelled: number;
  errors: string[];
}

/**
 * 현금영수증 the payment paths left undone — asked for on an order paid while the service could not
 * be reached, an answer lost, a full refund made from the console or a return — settled from the
 * service's records through the same once-only path as the order page.
 */
export async function reconcileCashReceipts(appNow = Date.now()): Promise<CashReceiptReport> {
  const report: CashReceiptReport = { checked: 0, issued: 0, cancelled: 0, errors: [] };
  for (const order of await listUnsettledReceipts()) {
    report.checked += 1;
    try {
      const settled = await settleCashReceipt(order, appNow);
      if (settled.cashReceiptStatus === order.cashReceiptStatus) continue;
      if (settled.cashReceiptStatus === 'issued') report.issued += 1;
      if (settled.cashReceiptStatus === 'cancelled') report.cancelled += 1;
    } catch (error) {
      report.errors.push(failureOf(order.merchantUid, error));
    }
  }
  return report;
}

import 'server-only';
import { IamportError, iamport } from '@/lib/iamport';
import { orderRefundBook, owedRefundBook } from '@/lib/orders';
import { type Api, ProviderError, providerFor } from '@/lib/provider';
import { pruneRateLimits } from '@/lib/rate-limit';
import { type ReconcileReport, reconcileSubscriptions } from '@/lib/subscriptions';
import { pruneDeliveries } from '@/lib/webhooks';
import { type KeysReport, reconcileBillingKeys } from './billing-keys';
import { type CashReceiptReport, reconcileCashReceipts } from './cash-receipts';
import { lostOperatorRefund } from './lost-operator-refund';
import { type LostRefundsReport, resolveLostRefunds } from './lost-refunds';
import { type OrderReconcileReport, reconcileOrders } from './orders';
import { type SweepReport, sweepPayments, sweepsV2 } from './sweep';

export interface Reconciliation {
  /** Operators' refunds whose answer was lost: resolved (made or failed), and those reported failed. */
  refunds: LostRefundsReport;
  /** Order cancels', approved returns' and owed refunds whose answer was lost, likewise. */
  orderRefunds: LostRefundsReport;
  subscriptions: ReconcileReport;
  orders: OrderReconcileReport;
  payments: SweepReport;
  /** 현금영수증 left to issue (paid orders) or to cancel (orders refunded in full). */
  cashReceipts: CashReceiptReport;
  /** Billing keys the service held for customer_uids that are not live cards, deleted. */
  cards: KeysReport;
  /** Webhook deliveries past their retention, forgotten. */
  prunedDeliveries: number;
}

/** How far back the sweep of the service's paid payments looks by default (service clock): past a monthly period. */
export const SWEEP_SECONDS = 35 * 86_400;

/**
 * Repairs what lost webhooks and lost answers left behind, from the service's records: refunds
 * whose answer was lost, the subscriptions and orders this app knows, then the service's own list
 * of our paid payments since `sweepFrom` (service clock; default the last 35 days) for money nothing
 * here accounts for — V1's, and V2's too when the shop has V2 (sweepsV2) — and last the billing keys of customer_uids that are not live cards.
 * Idempotent: everything settles through the same once-only paths as the webhook.
 */
export async function reconcile({
  sweepFrom,
  appNow = Date.now(),
}: {
  sweepFrom?: number;
  /** This server's clock (ms), which decides when a lost charge can no longer arrive (tests move it). */
  appNow?: number;
} = {}): Promise<Reconciliation> {
  const refunds = await resolveLostRefunds(['operator'], lostOperatorRefund);
  const orderRefunds = await resolveLostRefunds(['order_cancel', 'order_return', 'owed'], (refund) => ({
    book: refund.origin === 'owed' ? owedRefundBook : orderRefundBook,
  }));
  const subscriptions = await reconcileSubscriptions(appNow);
  const orders = await reconcileOrders(appNow);
  const payments = await sweep(sweepFrom);
  const cashReceipts = await reconcileCashReceipts(appNow);
  const cards = await reconcileBillingKeys(appNow);
  await pruneRateLimits();
  const prunedDeliveries = await pruneDeliveries();
  return { refunds, orderRefunds, subscriptions, orders, payments, cashReceipts, cards, prunedDeliveries };
}

async function sweep(sweepFrom: number | undefined): Promise<SweepReport> {
  const v1 = await sweepOn('v1', sweepFrom);
  if (!(await sweepsV2())) return v1;
  const v2 = await sweepOn('v2', sweepFrom);
  return {
    checked: v1.checked + v2.checked,
    settled: v1.settled + v2.settled,
    refunded: v1.refunded + v2.refunded,
    found: [...v1.found, ...v2.found],
    errors: [...v1.errors, ...v2.errors],
  };
}

/** One API's sweep on its own service clock; that service out of reach is reported, not thrown. */
async function sweepOn(api: Api, sweepFrom: number | undefined): Promise<SweepReport> {
  try {
    const now =
      api === 'v1' ? await iamport().serviceNow({ fresh: true }) : await providerFor(api).serviceNow({ fresh: true });
    return await sweepPayments(Math.min(sweepFrom ?? now - SWEEP_SECONDS, now), now, api);
  } catch (error) {
    if (!(error instanceof IamportError || error instanceof ProviderError)) throw error;
    const what = api === 'v1' ? 'sweep' : 'sweep (V2)';
    return { checked: 0, settled: 0, refunded: 0, found: [], errors: [`${what}: ${error.message}`] };
  }
}

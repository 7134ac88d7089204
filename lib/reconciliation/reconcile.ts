import 'server-only';
import { IamportError, iamport } from '@/lib/iamport';
import { orderRefundBook } from '@/lib/orders';
import { pruneRateLimits } from '@/lib/rate-limit';
import { type ReconcileReport, reconcileSubscriptions } from '@/lib/subscriptions';
import { pruneDeliveries } from '@/lib/webhooks';
import { type KeysReport, reconcileBillingKeys } from './billing-keys';
import { lostOperatorRefund } from './lost-operator-refund';
import { type LostRefundsReport, resolveLostRefunds } from './lost-refunds';
import { type OrderReconcileReport, reconcileOrders } from './orders';
import { type SweepReport, sweepPayments } from './sweep';

export interface Reconciliation {
  /** Operators' refunds whose answer was lost: resolved (made or failed), and those reported failed. */
  refunds: LostRefundsReport;
  /** Order cancels' and approved returns' refunds whose answer was lost, likewise. */
  orderRefunds: LostRefundsReport;
  subscriptions: ReconcileReport;
  orders: OrderReconcileReport;
  payments: SweepReport;
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
 * here accounts for, and last the billing keys of customer_uids that are not live cards.
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
  const orderRefunds = await resolveLostRefunds(['order_cancel', 'order_return'], () => ({ book: orderRefundBook }));
  const subscriptions = await reconcileSubscriptions(appNow);
  const orders = await reconcileOrders(appNow);
  const payments = await sweep(sweepFrom);
  const cards = await reconcileBillingKeys(appNow);
  await pruneRateLimits();
  return { refunds, orderRefunds, subscriptions, orders, payments, cards, prunedDeliveries: await pruneDeliveries() };
}

async function sweep(sweepFrom: number | undefined): Promise<SweepReport> {
  try {
    const now = await iamport().serviceNow({ fresh: true });
    return await sweepPayments(Math.min(sweepFrom ?? now - SWEEP_SECONDS, now), now);
  } catch (error) {
    if (!(error instanceof IamportError)) throw error;
    return { checked: 0, settled: 0, refunded: 0, found: [], errors: [`sweep: ${error.message}`] };
  }
}

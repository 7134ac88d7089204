import 'server-only';
import { type OrderReconcileReport, reconcileOrders } from '@/lib/orders/reconcile';
import { type ReconcileReport, reconcileSubscriptions } from '@/lib/subscriptions/reconcile';

export interface Reconciliation {
  subscriptions: ReconcileReport;
  orders: OrderReconcileReport;
}

/** Repairs what lost webhooks and lost answers left behind, from the service's records. Idempotent. */
export async function reconcile(): Promise<Reconciliation> {
  return { subscriptions: await reconcileSubscriptions(), orders: await reconcileOrders() };
}

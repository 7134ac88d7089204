import 'server-only';
import { eq } from 'drizzle-orm';
import type { UserRow } from '@/lib/accounts';
import { type Db, getDb, subscriptionCharges, subscriptions, users } from '@/lib/db';
import type { Order } from '@/lib/orders';
import { findOrderWithCustomer } from '@/lib/orders';
import type { Subscription, SubscriptionCharge } from '@/lib/subscriptions';

/** What one of our merchant_uids names: an order, or a charge of a subscription; with the customer. */
export type PaymentRecord =
  | { type: 'order'; order: Order; customer: UserRow }
  | { type: 'subscription_charge'; charge: SubscriptionCharge; subscription: Subscription; customer: UserRow };

export async function findPaymentRecord(
  merchantUid: string,
  executor?: Pick<Db, 'select'>,
): Promise<PaymentRecord | undefined> {
  const db = executor ?? (await getDb());
  const order = await findOrderWithCustomer(merchantUid, db);
  if (order) return { type: 'order', ...order };
  const [charge] = await db
    .select({ charge: subscriptionCharges, subscription: subscriptions, customer: users })
    .from(subscriptionCharges)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCharges.subscriptionId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(eq(subscriptionCharges.merchantUid, merchantUid))
    .limit(1);
  return charge && { type: 'subscription_charge', ...charge };
}

/** The money side of a record, whichever kind it is. */
export const moneyOf = (record: PaymentRecord) => {
  const row = record.type === 'order' ? record.order : record.charge;
  return { impUid: row.impUid, status: row.status, amount: row.amount, refundedAmount: row.refundedAmount };
};

import 'server-only';
import { settleRegistrationPayment } from '@/lib/cards';
import type { Payment } from '@/lib/iamport';
import { settleOrderFromNotice } from '@/lib/orders';
import type { IdKind } from '@/lib/payments';
import type { Settlement } from '@/lib/payments/client';
import { settleSubscriptionPayment } from '@/lib/subscriptions';

/**
 * Acts on a payment record the service confirmed (never on the notice itself) and answers what it
 * came to (its note goes to the delivery log). Must be idempotent: the same payment may arrive any
 * number of times, late, out of order, or concurrently on two app instances.
 */
export type PaymentHandler = (payment: Payment) => Promise<Settlement>;

/** Whose payment it is, by the prefix of the merchant_uid we minted (lib/payments/ids.ts). */
export const paymentHandlers: Partial<Record<IdKind, PaymentHandler>> = {
  cus: settleRegistrationPayment,
  ord: settleOrderFromNotice,
  sub: settleSubscriptionPayment,
  ren: settleSubscriptionPayment,
};

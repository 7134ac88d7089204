import 'server-only';
import type { orders, subscriptionCharges, subscriptionShipments, subscriptions } from '@/lib/db';
import { env } from '@/lib/env';
import type { Payment } from '@/lib/iamport';
import { cancelEntryKey } from '@/lib/payments';
import { methodOfPayment, PAY_METHOD_NAMES } from '@/lib/payments/client';
import type { Mail } from './outbox';

// What each customer mail says and when it is due (service clock), built from the rows of the event
// that causes it. The (kind, subject, occasion) of each is what makes it once-only.

type Subscription = typeof subscriptions.$inferSelect;
type Charge = typeof subscriptionCharges.$inferSelect;
type Order = typeof orders.$inferSelect;
type Shipment = typeof subscriptionShipments.$inferSelect;

const DAY = 86_400;
/** The trial notice goes out this long before a trial ends (the FSC rule: at least 7 days). */
export const TRIAL_NOTICE_DAYS = 7;

/** A delivery address on one line: "(04524) 서울특별시 중구 세종대로 110 3층 · 받는 분 김하늘". */
const shipToLine = (shipping: Order['shipping']) =>
  shipping
    ? `(${shipping.postcode}) ${[shipping.address, shipping.addressDetail].filter(Boolean).join(' ')} · 받는 분 ${shipping.recipient}`
    : null;

/**
 * The receipt of a subscription charge: the subscription's readable number (never a merchant_uid),
 * the period paid for, where a goods plan's box goes and its number, and the next charge booked
 * (`next`; none when it ends with this period).
 */
export const chargeReceipt = (
  subscription: Subscription,
  charge: Charge,
  paid: { at: number; receiptUrl?: string | null },
  card: string | null,
  { next, box }: { next?: Pick<Charge, 'scheduleAt' | 'amount'>; box?: Pick<Shipment, 'number' | 'productName'> } = {},
): Mail => ({
  kind: 'receipt',
  subject: charge.id,
  occasion: 'paid',
  userId: subscription.userId,
  dueAt: paid.at,
  payload: {
    title: subscription.planName,
    subscriptionNumber: subscription.number,
    productName: box?.productName ?? subscription.planName,
    quantity: 1,
    itemsAmount: charge.amount,
    shippingFee: 0,
    amount: charge.amount,
    paidAt: paid.at,
    card,
    periodStart: charge.periodStart,
    periodEnd: charge.periodEnd,
    shipTo: shipToLine(subscription.shipping),
    boxNumber: box?.number ?? null,
    nextChargeAt: next?.scheduleAt ?? null,
    nextAmount: next?.amount ?? null,
    subscriptionId: subscription.id,
    receiptUrl: paid.receiptUrl ?? null,
  },
});

/**
 * The receipt of an order, standing alone: its order number (the one its page is found by), the item,
 * quantity, amounts, card and delivery address.
 */
export const orderReceipt = (order: Order): Mail => ({
  kind: 'receipt',
  subject: order.id,
  occasion: 'paid',
  userId: order.userId,
  dueAt: order.paidAt ?? 0,
  payload: {
    title: order.productName,
    orderNumber: order.orderNumber,
    productName: order.productName,
    quantity: order.quantity,
    itemsAmount: order.amount - order.shippingFee,
    shippingFee: order.shippingFee,
    amount: order.amount,
    paidAt: order.paidAt ?? 0,
    card: order.cardLabel,
    // Paid otherwise than by card (a 가상계좌's deposit, a wallet): the method's name.
    payMethod: order.payMethod === 'card' ? null : PAY_METHOD_NAMES[order.payMethod],
    shipTo: shipToLine(order.shipping),
    receiptUrl: order.receiptUrl,
  },
});

/**
 * Every refund of a payment (each entry of its cancel_history), keyed by the entry: a second partial
 * refund has its own mail, and whichever path records a refund first (the console, a notice,
 * reconciliation) writes it — the others find it there.
 */
export const refundNotices = (userId: string, title: string, payment: Payment): Mail[] =>
  payment.cancel_history.map((entry) => ({
    kind: 'refund',
    subject: payment.imp_uid,
    occasion: cancelEntryKey(entry),
    userId,
    dueAt: entry.cancelled_at || payment.cancelled_at || payment.paid_at,
    // Where the money goes back depends on how it was paid: a 가상계좌's to the customer's refund
    // account, a transfer's to the account it came from, a wallet's to the wallet, a card's to the card.
    payload: {
      title,
      amount: entry.amount,
      reason: entry.reason ?? null,
      toAccount: payment.pay_method === 'vbank' ? 1 : 0,
      method: methodOfPayment(payment),
    },
  }));

/**
 * The reminder of a booked renewal, REMINDER_DAYS before it; none when the period is shorter than
 * that (it would come before the period starts), and none for the charge ending a free trial (the
 * trial notice says it).
 */
export function renewalReminder(subscription: Subscription, charge: Charge): Mail | undefined {
  const renewAt = charge.periodStart;
  if (charge.kind !== 'renewal' || renewAt === null || renewAt === subscription.trialEndsAt) return undefined;
  const dueAt = renewAt - env.REMINDER_DAYS * DAY;
  if (env.REMINDER_DAYS === 0 || dueAt <= (subscription.currentPeriodStart ?? renewAt)) return undefined;
  return {
    kind: 'renewal_reminder',
    subject: subscription.id,
    occasion: renewAt,
    userId: subscription.userId,
    dueAt,
    payload: { planName: subscription.planName, amount: charge.amount, renewAt, subscriptionId: subscription.id },
  };
}

export const renewalFailed = (subscription: Subscription, failed: Charge, nextRetryAt: number): Mail => ({
  kind: 'renewal_failed',
  subject: failed.id,
  occasion: 'failed',
  userId: subscription.userId,
  dueAt: failed.settledAt ?? 0,
  payload: {
    planName: subscription.planName,
    amount: failed.amount,
    reason: failed.failReason,
    nextRetryAt,
    subscriptionId: subscription.id,
  },
});

/** Sent when it ends: at once after the last failed retry, at the period's end after a cancellation. */
export const subscriptionEnded = (subscription: Subscription, endsAt: number): Mail => ({
  kind: 'subscription_ended',
  subject: subscription.id,
  occasion: 'ended',
  userId: subscription.userId,
  dueAt: endsAt,
  payload: {
    planName: subscription.planName,
    reason: subscription.endReason ?? 'customer',
    endedAt: endsAt,
    subscriptionId: subscription.id,
  },
});

/** 7 days before the trial ends, or at once when the trial is shorter (the mail states the date). */
export function trialEnding(subscription: Subscription, now: number): Mail | undefined {
  const endsAt = subscription.trialEndsAt;
  if (endsAt === null) return undefined;
  return {
    kind: 'trial_ending',
    subject: subscription.id,
    occasion: endsAt,
    userId: subscription.userId,
    dueAt: Math.max(now, endsAt - TRIAL_NOTICE_DAYS * DAY),
    payload: {
      planName: subscription.planName,
      amount: subscription.amount,
      trialEndsAt: endsAt,
      subscriptionId: subscription.id,
    },
  };
}

const KST_OFFSET_SECONDS = 9 * 3600;
const MAX_SECONDS = 2_147_483_647;

/**
 * A card keyed in with expiry `YYYY-MM` works to that month's end: the notice is due on the 1st of
 * that month (Korean time), a month ahead, while a subscription still charges it.
 */
export function cardExpiring(card: { id: string; userId: string; label: string }, expiry: string): Mail | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(expiry);
  if (!match) return undefined;
  const [year, month] = [Number(match[1]), Number(match[2])];
  const dueAt = Date.UTC(year, month - 1, 1) / 1000 - KST_OFFSET_SECONDS;
  // Times are 32-bit UNIX seconds in the database: an expiry past 2038 (12/99) needs no notice yet.
  if (dueAt > MAX_SECONDS) return undefined;
  return {
    kind: 'card_expiring',
    subject: card.id,
    occasion: expiry,
    userId: card.userId,
    dueAt,
    payload: { card: card.label, expiry: `${year}년 ${month}월`, cardId: card.id },
  };
}

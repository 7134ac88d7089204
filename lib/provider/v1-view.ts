import 'server-only';
import { type Payment, paymentSchema } from '@/lib/iamport';
import type { Api, ProviderPayment } from './types';

const V1_METHODS: Record<NonNullable<ProviderPayment['method']>, string | null> = {
  card: 'card',
  easy_pay: 'card',
  vbank: 'vbank',
  transfer: 'trans',
  mobile: 'phone',
  cvs: 'cvs',
  other: null,
};

/**
 * A payment of either API in V1's record shape, which the shop's settlement code (orders,
 * subscriptions, card registrations) reads: `imp_uid` is the payment's id on its own API (a V2
 * paymentId is our order id), so a record keeps what finds the payment again through
 * providerFor(record.api). A V2 key is never a customer_uid of ours: `customer_uid` stays null.
 */
export function asV1Payment(payment: ProviderPayment): Payment {
  return paymentSchema.parse({
    imp_uid: payment.id,
    merchant_uid: payment.orderId,
    status: payment.status,
    amount: payment.amount,
    cancel_amount: payment.cancelledAmount,
    currency: 'KRW',
    pay_method: payment.method ? V1_METHODS[payment.method] : null,
    pg_tid: payment.transactionId,
    sandbox: payment.sandbox,
    card_name: payment.cardName,
    card_number: payment.cardNumber,
    paid_at: payment.paidAt ?? 0,
    failed_at: payment.failedAt ?? 0,
    cancelled_at: payment.cancelledAt ?? 0,
    fail_reason: payment.failReason,
    receipt_url: payment.receiptUrl,
    cancel_history: payment.cancellations.map((entry) => ({
      pg_tid: entry.id,
      cancellation_id: entry.id,
      amount: entry.amount,
      cancelled_at: entry.at ?? 0,
      reason: entry.reason,
    })),
    customer_uid: null,
  }) as Payment;
}

/**
 * The API a record in V1's shape was read from, when nothing of ours says: V1 names its payments
 * itself (`imp_…`), while a V2 payment's id is the order id we gave it (asV1Payment).
 */
export const apiOfRecord = (payment: Pick<Payment, 'imp_uid' | 'merchant_uid'>): Api =>
  payment.imp_uid === payment.merchant_uid ? 'v2' : 'v1';

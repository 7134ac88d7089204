import 'server-only';
import type { Certification, Payment, BillingKey as V1Key } from '@/lib/iamport';
import type { BillingKey, IdentityCheck, ProviderPayment } from '../types';

const WALLETS = new Set(['kakaopay', 'naverpay', 'tosspay', 'payco', 'samsungpay', 'applepay', 'lpay', 'ssgpay']);
const METHODS: Record<string, ProviderPayment['method']> = {
  card: 'card',
  vbank: 'vbank',
  trans: 'transfer',
  phone: 'mobile',
  cvs: 'cvs',
};

const orNull = <T>(value: T | null | undefined) => value ?? null;
const when = (seconds: number) => (seconds > 0 ? seconds : null);

function methodOf(payment: Payment): ProviderPayment['method'] {
  if (!payment.pay_method) return null;
  if (WALLETS.has(payment.pg_provider ?? '') || WALLETS.has(payment.pay_method)) return 'easy_pay';
  return METHODS[payment.pay_method] ?? 'other';
}

/** A V1 payment record as the seam's. */
export function fromPayment(payment: Payment): ProviderPayment {
  return {
    api: 'v1',
    id: payment.imp_uid,
    orderId: payment.merchant_uid,
    transactionId: payment.imp_uid,
    status: payment.status,
    amount: payment.amount,
    cancelledAmount: payment.cancel_amount,
    cancellableAmount: payment.amount - payment.cancel_amount,
    method: methodOf(payment),
    billingKey: orNull(payment.customer_uid),
    sandbox: payment.sandbox,
    paidAt: when(payment.paid_at),
    failedAt: when(payment.failed_at),
    cancelledAt: when(payment.cancelled_at),
    failReason: orNull(payment.fail_reason),
    receiptUrl: orNull(payment.receipt_url),
    cardName: orNull(payment.card_name),
    cardNumber: orNull(payment.card_number),
    // The key lib/payments/refund-fate.ts uses for an entry: pg_tid, else cancellation_id, else time and amount.
    cancellations: payment.cancel_history.map((entry) => ({
      id: entry.pg_tid || entry.cancellation_id || `${entry.cancelled_at}:${entry.amount}`,
      amount: entry.amount,
      at: when(entry.cancelled_at),
      reason: orNull(entry.reason),
    })),
  };
}

export function fromKey(key: V1Key): BillingKey {
  return {
    api: 'v1',
    key: key.customer_uid,
    customerId: key.customer_uid,
    pgProvider: orNull(key.pg_provider),
    cardName: orNull(key.card_name),
    cardNumber: orNull(key.card_number),
    sandbox: key.sandbox,
    issuedAt: when(key.inserted),
  };
}

export function fromCertification(record: Certification): IdentityCheck {
  const requestId = orNull(record.merchant_uid);
  const { name, birthday, unique_key: uniqueKey } = record;
  if (record.certified !== true || !name || !birthday || !uniqueKey) {
    return { outcome: 'not_verified', id: record.imp_uid, requestId };
  }
  const gender = record.gender === 'male' || record.gender === 'female' ? record.gender : null;
  return {
    outcome: 'verified',
    id: record.imp_uid,
    requestId,
    origin: orNull(record.origin),
    identity: {
      name,
      birthday,
      gender,
      phone: orNull(record.phone),
      uniqueKey,
      uniqueInSite: orNull(record.unique_in_site),
      verifiedAt: record.certified_at,
    },
  };
}

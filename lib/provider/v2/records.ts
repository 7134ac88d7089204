import 'server-only';
import type { IdentityVerification } from '@portone/server-sdk/identityVerification';
import type { Payment, PaymentCancellation, PaymentMethod } from '@portone/server-sdk/payment';
import type { BillingKeyInfo } from '@portone/server-sdk/payment/billingKey';
import { ProviderUnavailableError } from '../errors';
import type { BillingKey, Cancellation, IdentityCheck, ProviderPayment } from '../types';

/** RFC 3339 → UNIX seconds (the service's clock); null when absent or unreadable. */
export const seconds = (at: string | undefined | null): number | null => {
  if (!at) return null;
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
};

const STATUSES: Record<string, ProviderPayment['status']> = {
  READY: 'ready',
  PENDING: 'ready',
  PAY_PENDING: 'ready',
  VIRTUAL_ACCOUNT_ISSUED: 'ready',
  PAID: 'paid',
  // Refunded in part: still paid, with its cancelled amount (V1 keeps such a payment `paid` too).
  PARTIAL_CANCELLED: 'paid',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
};

const METHODS: Record<string, ProviderPayment['method']> = {
  PaymentMethodCard: 'card',
  PaymentMethodEasyPay: 'easy_pay',
  PaymentMethodVirtualAccount: 'vbank',
  PaymentMethodTransfer: 'transfer',
  PaymentMethodMobile: 'mobile',
  PaymentMethodConvenienceStore: 'cvs',
};

type Known<T> = Exclude<T, { readonly status: symbol } | { readonly type: symbol }>;

const cardOf = (method: PaymentMethod | undefined) => {
  if (method?.type !== 'PaymentMethodCard') return undefined;
  return (method as Extract<PaymentMethod, { type: 'PaymentMethodCard' }>).card;
};

function cancellationsOf(list: PaymentCancellation[] | undefined): Cancellation[] {
  return (list ?? []).flatMap((entry) =>
    entry.status === 'SUCCEEDED'
      ? [
          {
            id: entry.id,
            amount: entry.totalAmount,
            at: seconds(entry.cancelledAt ?? entry.requestedAt),
            reason: entry.reason ?? null,
          },
        ]
      : [],
  );
}

/** A V2 payment record as the seam's. `id` and `orderId` are both its paymentId: V2 payments are named by the merchant. */
export function fromPayment(payment: Payment): ProviderPayment {
  const status = STATUSES[String(payment.status)];
  if (!status) throw new ProviderUnavailableError('v2', `a payment in an unknown status ${String(payment.status)}`);
  const known = payment as Known<Payment>;
  const amount = known.amount.total;
  const cancelledAmount = known.amount.cancelled;
  const card = cardOf(known.method);
  const has = <K extends string>(key: K) => (key in known ? (known as Record<K, unknown>)[key] : undefined);
  const failure = has('failure') as { reason?: string; pgMessage?: string } | undefined;
  return {
    api: 'v2',
    id: known.id,
    orderId: known.id,
    transactionId: known.transactionId || null,
    status,
    amount,
    cancelledAmount,
    cancellableAmount: amount - cancelledAmount,
    method: known.method ? (METHODS[String(known.method.type)] ?? 'other') : null,
    billingKey: known.billingKey ?? null,
    sandbox: known.channel?.type === 'TEST',
    paidAt: seconds(has('paidAt') as string | undefined),
    failedAt: seconds(has('failedAt') as string | undefined),
    cancelledAt: status === 'cancelled' ? seconds(has('cancelledAt') as string | undefined) : null,
    failReason: failure ? (failure.reason ?? failure.pgMessage ?? null) : null,
    receiptUrl: (has('receiptUrl') as string | undefined) ?? null,
    cardName: card?.name ?? null,
    cardNumber: card?.number ?? null,
    cancellations: cancellationsOf(has('cancellations') as PaymentCancellation[] | undefined),
  };
}

/** An issued key as the seam's; a deleted (or unknown-status) key is none. */
export function fromKey(info: BillingKeyInfo): BillingKey | null {
  if (info.status !== 'ISSUED') return null;
  const issued = info as Extract<BillingKeyInfo, { status: 'ISSUED' }>;
  const card = issued.methods
    ?.map((method) => (method.type === 'BillingKeyPaymentMethodCard' ? method.card : undefined))
    .find(Boolean);
  return {
    api: 'v2',
    key: issued.billingKey,
    customerId: issued.customer?.id ?? null,
    pgProvider: issued.channels[0]?.pgProvider ?? null,
    cardName: card?.name ?? null,
    cardNumber: card?.number ?? null,
    sandbox: issued.channels.some((channel) => channel.type === 'TEST'),
    issuedAt: seconds(issued.issuedAt),
  };
}

export function fromIdentityVerification(record: IdentityVerification): IdentityCheck {
  const id = 'id' in record ? String(record.id) : '';
  if (record.status !== 'VERIFIED') return { outcome: 'not_verified', id, requestId: id };
  const verified = record as Extract<IdentityVerification, { status: 'VERIFIED' }>;
  const customer = verified.verifiedCustomer;
  const verifiedAt = seconds(verified.verifiedAt);
  if (!customer.birthDate || !customer.ci || verifiedAt === null) return { outcome: 'not_verified', id, requestId: id };
  const gender = customer.gender === 'MALE' ? 'male' : customer.gender === 'FEMALE' ? 'female' : null;
  return {
    outcome: 'verified',
    id,
    requestId: id,
    origin: null,
    identity: {
      name: customer.name,
      birthday: customer.birthDate,
      gender,
      phone: customer.phoneNumber ?? null,
      uniqueKey: customer.ci,
      uniqueInSite: customer.di ?? null,
      verifiedAt,
    },
  };
}

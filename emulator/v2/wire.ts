// Stored V2 records as the OpenAPI file's shapes (Payment, BillingKeyInfo, PaymentSchedule, …).
// Times are RFC 3339 in UTC; optional fields are left out rather than null.
import type { CardProfile } from '../core/store/card-profile';
import type {
  V2BillingKeyRecord,
  V2Cancellation,
  V2Customer,
  V2Escrow,
  V2PaymentRecord,
  V2ScheduleRecord,
} from '../core/store/v2-records';
import type { MerchantV2 } from '../merchants';
import { channelTypeOf } from './service/channels';

export const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The merchant id of a store: the emulator names it after the store. */
export const merchantIdOf = (storeId: string) => storeId.replace(/^store-/, 'merchant-');

export function cardWire(card: Omit<CardProfile, 'behaviour'>) {
  const digits = card.card_number.replace(/\D/g, '');
  return {
    publisher: card.card_code,
    issuer: card.card_code,
    brand: card.card_number.startsWith('3') ? 'AMEX' : card.card_number.startsWith('5') ? 'MASTER' : 'VISA',
    type: card.card_type === '1' ? 'DEBIT' : 'CREDIT',
    ownerType: 'PERSONAL',
    bin: digits.slice(0, 6),
    name: card.card_name,
    number: card.card_number,
  };
}

const customerWire = (customer: V2Customer) => ({ ...customer });

export function channelWire(channelKey: string | null, pgProvider: string, store: MerchantV2 | undefined) {
  return {
    type: channelTypeOf(store, channelKey),
    ...(channelKey ? { key: channelKey, id: channelKey.replace(/^channel-key-/, 'channel-id-') } : {}),
    name: pgProvider,
    pgProvider,
    pgMerchantId: `emulator-${pgProvider.toLowerCase()}`,
  };
}

function methodWire(p: V2PaymentRecord) {
  const method = p.method;
  if (!method) return {};
  if (method.type === 'card')
    return {
      method: {
        type: 'PaymentMethodCard',
        card: cardWire(method.card),
        approvalNumber: method.approval_number,
        installment: { month: 0, isInterestFree: false },
        pointUsed: false,
      },
    };
  if (method.type === 'easy_pay')
    return {
      method: {
        type: 'PaymentMethodEasyPay',
        provider: method.provider,
        ...(method.card ? { easyPayMethod: { type: 'PaymentMethodCard', card: cardWire(method.card) } } : {}),
      },
    };
  return {
    method: {
      type: 'PaymentMethodVirtualAccount',
      bank: method.bank,
      accountNumber: method.account_number,
      accountType: 'NORMAL',
      remitteeName: method.holder,
      expiredAt: iso(method.due),
    },
  };
}

/**
 * A paid payment's sales slip on the emulator's browser pages (browser-routes.ts serves it on V1's
 * listener): by store and payment id, as a payment id is unique only within its store.
 */
export const v2ReceiptPath = (storeId: string, paymentId: string) =>
  `/__emulator/v2/receipts/${encodeURIComponent(storeId)}/${encodeURIComponent(paymentId)}`;

/** A cancellation's slip: the payment's, naming the cancellation (as V1's cancel receipts do). */
export const cancellationReceiptUrl = (paymentReceiptUrl: string, c: V2Cancellation) =>
  `${paymentReceiptUrl}?cancellation_id=${encodeURIComponent(c.id)}`;

/** `receiptUrl`: the payment's slip, given to a SucceededPaymentCancellation with its own id. */
export function cancellationWire(c: V2Cancellation, receiptUrl?: string) {
  return {
    status: 'SUCCEEDED',
    id: c.id,
    pgCancellationId: c.pg_cancellation_id,
    totalAmount: c.total,
    taxFreeAmount: c.tax_free,
    vatAmount: c.vat,
    reason: c.reason,
    cancelledAt: iso(c.cancelled_at),
    requestedAt: iso(c.requested_at),
    trigger: 'API',
    ...(receiptUrl ? { receiptUrl: cancellationReceiptUrl(receiptUrl, c) } : {}),
  };
}

/** VAT of a taxable amount (10%, rounded down as the PGs do). */
export const vatOf = (total: number, taxFree: number) => Math.floor((total - taxFree) / 11);

function escrowWire(e: V2Escrow) {
  if (e.status === 'BEFORE_REGISTERED') return { status: e.status };
  const shipment = {
    company: e.company,
    invoiceNumber: e.invoice_number,
    sentAt: iso(e.sent_at),
    appliedAt: iso(e.applied_at),
  };
  return e.status === 'CONFIRMED'
    ? { status: e.status, ...shipment, isAutomaticallyConfirmed: false }
    : { status: e.status, ...shipment };
}

/** The statuses the OpenAPI file gives a `receiptUrl` (PaidPayment, PartialCancelledPayment, CancelledPayment). */
export const hasReceipt = (p: V2PaymentRecord) =>
  p.status === 'PAID' || p.status === 'CANCELLED' || p.status === 'PARTIAL_CANCELLED';

/**
 * `store`: the merchant's V2 store, whose channels say which are test channels. `browserUrl`: the
 * emulator's browser pages (V1's listener) as this client reaches them, for the receipt's address.
 */
export function paymentWire(p: V2PaymentRecord, store: MerchantV2 | undefined, browserUrl: string) {
  const paid = hasReceipt(p);
  const receiptUrl = paid ? `${browserUrl}${v2ReceiptPath(p.store_id, p.payment_id)}` : undefined;
  const vat = vatOf(p.total, p.tax_free);
  const lastCancel = p.cancellations.at(-1);
  return {
    status: p.status,
    id: p.payment_id,
    transactionId: p.transaction_id,
    merchantId: merchantIdOf(p.store_id),
    storeId: p.store_id,
    ...methodWire(p),
    ...(p.status === 'FAILED' && p.pg_provider === ''
      ? {}
      : { channel: channelWire(p.channel_key, p.pg_provider, store) }),
    version: 'V2',
    ...(p.schedule_id ? { scheduleId: p.schedule_id } : {}),
    ...(p.billing_key ? { billingKey: p.billing_key } : {}),
    requestedAt: iso(p.requested_at),
    updatedAt: iso(p.updated_at),
    statusChangedAt: iso(p.status_changed_at),
    orderName: p.order_name,
    amount: {
      total: p.total,
      taxFree: p.tax_free,
      vat,
      supply: p.total - p.tax_free - vat,
      discount: 0,
      paid: paid ? p.total : 0,
      cancelled: p.cancelled,
      cancelledTaxFree: p.cancelled_tax_free,
    },
    currency: p.currency,
    customer: customerWire(p.customer),
    origin: { platformType: p.platform, ipAddress: '127.0.0.1' },
    isCulturalExpense: false,
    ...(p.escrow ? { escrow: escrowWire(p.escrow) } : {}),
    ...(p.custom_data === null ? {} : { customData: p.custom_data }),
    ...(paid
      ? {
          paidAt: iso(p.paid_at),
          ...(p.pg_tx_id ? { pgTxId: p.pg_tx_id } : {}),
          receiptUrl,
        }
      : {}),
    ...(p.status === 'PAID' ? { disputes: [] } : {}),
    ...(paid ? { cancellations: p.cancellations.map((c) => cancellationWire(c, receiptUrl)) } : {}),
    ...(lastCancel && (p.status === 'CANCELLED' || p.status === 'PARTIAL_CANCELLED')
      ? { cancelledAt: iso(lastCancel.cancelled_at) }
      : {}),
    ...(p.status === 'FAILED' && p.failure
      ? {
          failedAt: iso(p.failed_at),
          failure: { reason: p.failure.reason, pgCode: p.failure.pg_code, pgMessage: p.failure.pg_message },
        }
      : {}),
  };
}

export function billingKeyWire(b: V2BillingKeyRecord, store: MerchantV2) {
  const method = b.wallet
    ? { type: 'BillingKeyPaymentMethodEasyPay', provider: b.wallet }
    : { type: 'BillingKeyPaymentMethodCard', card: cardWire(b.card) };
  return {
    status: b.status,
    billingKey: b.billing_key,
    merchantId: merchantIdOf(b.store_id),
    storeId: b.store_id,
    methods: [method],
    channels: [channelWire(b.channel_key, b.pg_provider, store)],
    customer: customerWire(b.customer),
    ...(b.custom_data === null ? {} : { customData: b.custom_data }),
    requestedAt: iso(b.issued_at),
    issuedAt: iso(b.issued_at),
    ...(b.status === 'DELETED' ? { deletedAt: iso(b.deleted_at) } : {}),
  };
}

export function scheduleWire(s: V2ScheduleRecord) {
  return {
    status: s.status,
    id: s.id,
    merchantId: merchantIdOf(s.store_id),
    storeId: s.store_id,
    paymentId: s.payment_id,
    billingKey: s.billing_key,
    orderName: s.order_name,
    isCulturalExpense: false,
    isEscrow: false,
    customer: customerWire(s.customer),
    customData: s.custom_data ?? '',
    totalAmount: s.total,
    taxFreeAmount: s.tax_free,
    vatAmount: vatOf(s.total, s.tax_free),
    currency: s.currency,
    installmentMonth: 0,
    noticeUrls: s.notice_urls,
    products: [],
    createdAt: iso(s.created_at),
    timeToPay: iso(s.time_to_pay),
    ...(s.status === 'STARTED' || s.status === 'SUCCEEDED' || s.status === 'FAILED'
      ? { startedAt: iso(s.started_at) }
      : {}),
    ...(s.status === 'SUCCEEDED' || s.status === 'FAILED' ? { completedAt: iso(s.completed_at) } : {}),
    ...(s.status === 'REVOKED' ? { revokedAt: iso(s.revoked_at) } : {}),
  };
}

/** A payment's transaction (GET /payments/{id}/transactions): the payment, named by its transaction. */
export function transactionWire(p: V2PaymentRecord, store: MerchantV2, browserUrl: string) {
  const {
    id,
    transactionId,
    origin: _origin,
    disputes: _disputes,
    ...payment
  } = paymentWire(p, store, browserUrl) as Record<string, unknown>;
  if (p.status === 'PAID') delete payment.cancellations;
  return { ...payment, id: transactionId, paymentId: id };
}

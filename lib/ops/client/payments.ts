// The console's payments (search, detail, refund): types, labels and request shapes its pages and
// routes share (no server code here).
import { z } from 'zod';
import type { CashReceiptView } from '@/lib/orders/client';
import { CHECKOUT_METHODS, PAY_METHOD_NAMES, type PayMethod } from '@/lib/payments/client';
import type { RefundAccountView } from '@/lib/refunds/client';
import type { ShippingDetails } from '@/lib/values/client';
import { calendarDay } from '@/lib/values/client';
import type { AuditView } from './audit';
import { optionalText, pageFields } from './lists';
import type { WebhookDeliveryView } from './webhooks';

export const PAYMENT_KINDS = ['one_click', 'window', 'subscription', 'barcode'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const paymentKindLabel: Record<PaymentKind, string> = {
  one_click: '바로 구매',
  window: '결제창',
  subscription: '정기결제',
  barcode: '편의점 바코드',
};

/** Every way a payment is made, as the method filter offers it (a subscription charge: its key's card or wallet). */
export const PAY_METHODS = [...CHECKOUT_METHODS, 'cvs'] as const satisfies readonly PayMethod[];

/** The method filter's choices, each by its Korean name. */
export const payMethodOptions = PAY_METHODS.map((value) => ({ value, label: PAY_METHOD_NAMES[value] }));

/** Our record's status as the console shows it; `partially_refunded` is paid with some refunded. */
export const RECORD_STATUSES = [
  'created',
  'pending',
  'awaiting',
  'to_book',
  'scheduled',
  'paid',
  'partially_refunded',
  'refunded',
  'failed',
  'cancelled',
  'revoked',
] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];
export const recordStatusLabel: Record<RecordStatus, string> = {
  created: '결제 전',
  pending: '확인 중',
  // The filter's word for both; a row says which (recordStatusText).
  awaiting: '입금·편의점 결제 대기',
  to_book: '예약 전',
  scheduled: '예약됨',
  paid: '결제 완료',
  partially_refunded: '부분 환불',
  refunded: '환불됨',
  failed: '실패',
  cancelled: '취소됨',
  revoked: '예약 취소',
};

/** A record's status as its row says it: an order awaiting a 가상계좌's deposit or a store's counter says which. */
export function recordStatusText(status: RecordStatus, payMethod: PayMethod): string {
  if (status !== 'awaiting') return recordStatusLabel[status];
  return payMethod === 'cvs' ? '편의점 결제 대기' : '입금 대기';
}

/**
 * The number a customer quotes (`261129-845746`, also without its dash or with spaces): the search
 * looks for it as the order page writes it.
 */
const orderNumberFilter = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^(\d{12})?$/, '주문번호는 261129-845746처럼 숫자 12자리입니다.'))
  .transform((digits) => (digits ? `${digits.slice(0, 6)}-${digits.slice(6)}` : undefined))
  .optional();

/** The search's filters, as they appear in the page's URL and the route's query. */
export const paymentFiltersSchema = z.object({
  orderNumber: orderNumberFilter,
  merchantUid: optionalText,
  impUid: optionalText,
  email: optionalText,
  status: z.enum(RECORD_STATUSES).optional(),
  kind: z.enum(PAYMENT_KINDS).optional(),
  method: z.enum(PAY_METHODS, { error: '결제수단을 목록에서 골라 주세요.' }).optional(),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  ...pageFields,
});
export type PaymentFilters = z.infer<typeof paymentFiltersSchema>;

/** One order or subscription charge in the search's list. */
export interface PaymentRow {
  merchantUid: string;
  /** What the customer reads and quotes; null for a subscription charge. */
  orderNumber: string | null;
  impUid: string | null;
  kind: PaymentKind;
  /** How it was paid: the order's method, or the card or wallet of a subscription's key. */
  payMethod: PayMethod;
  status: RecordStatus;
  name: string;
  amount: number;
  refundedAmount: number;
  customerEmail: string;
  /** ISO 8601 */
  createdAt: string;
  /** Service clock, UNIX seconds. */
  paidAt: number | null;
}

/** A payment as the service holds it, read live for the detail page. */
export interface ServicePaymentView {
  impUid: string;
  status: 'ready' | 'paid' | 'failed' | 'cancelled';
  amount: number;
  cancelAmount: number;
  cancelHistory: { amount: number; at: number | null; reason: string | null; receiptUrl: string | null }[];
  /** The method the service's record names (methodOfPayment). */
  method: PayMethod;
  card: string | null;
  /** A 가상계좌's account as the service issued it. */
  vbank: { bankName: string | null; accountNumber: string | null; due: number | null } | null;
  receiptUrl: string | null;
  paidAt: number | null;
  failReason: string | null;
}

export interface PaymentDetail {
  record: PaymentRow & {
    type: 'order' | 'subscription_charge';
    cardLabel: string | null;
    receiptUrl: string | null;
    failReason: string | null;
    subscriptionId: string | null;
    periodStart: number | null;
    periodEnd: number | null;
    /** An order's 현금영수증 (가상계좌·계좌이체), the number masked; null when none was asked for. */
    cashReceipt: CashReceiptView | null;
    /** An order's delivery: where to, and where the goods are (null for a subscription charge or a barcode). */
    delivery: {
      shipping: ShippingDetails;
      state: string;
      carrier: string | null;
      trackingNumber: string | null;
    } | null;
    /** A 가상계좌 order's account and deadline (service clock); null otherwise. */
    vbank: { bankName: string | null; accountNumber: string | null; holder: string | null; due: number | null } | null;
    /** The account the customer left for a 가상계좌 refund (shown to refunders in the refund form). */
    refundAccount: RefundAccountView | null;
  };
  customer: { email: string; name: string };
  /** null: the service holds no payment for it; `error`: it could not be read now. */
  service: ServicePaymentView | null | { error: string };
  /** What may still be refunded (the service's balance), 0 when nothing. */
  refundable: number;
  webhooks: WebhookDeliveryView[];
  /** Reconciliation runs that named this payment, with the lines about it. */
  reconciliation: { runId: string; at: string; lines: string[] }[];
  audit: AuditView[];
}

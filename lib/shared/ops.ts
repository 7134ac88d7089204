// Types and labels the operator console's pages and its routes share (no server code here).
import { z } from 'zod';
import { calendarDay, MAX_WON, wonAmount } from './bounds';
import type { OperatorConsentEntry } from './consents';
import type { ShippingDetails } from './shipping';
import type { EndReason } from './subscriptions';

export const PAYMENT_KINDS = ['one_click', 'window', 'subscription', 'barcode'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const paymentKindLabel: Record<PaymentKind, string> = {
  one_click: '바로 구매',
  window: '결제창',
  subscription: '정기결제',
  barcode: '편의점 바코드',
};

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
  awaiting: '편의점 결제 대기',
  to_book: '예약 전',
  scheduled: '예약됨',
  paid: '결제 완료',
  partially_refunded: '부분 환불',
  refunded: '환불됨',
  failed: '실패',
  cancelled: '취소됨',
  revoked: '예약 취소',
};

const isoDate = calendarDay;
const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => v || undefined);
export const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

/** The search's filters, as they appear in the page's URL and the route's query. */
export const paymentFiltersSchema = z.object({
  merchantUid: optionalText,
  impUid: optionalText,
  email: optionalText,
  status: z.enum(RECORD_STATUSES).optional(),
  kind: z.enum(PAYMENT_KINDS).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  ...pageFields,
});
export type PaymentFilters = z.infer<typeof paymentFiltersSchema>;

/** One order or subscription charge in the search's list. */
export interface PaymentRow {
  merchantUid: string;
  impUid: string | null;
  kind: PaymentKind;
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

export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const REFUND_REASONS = [
  'customer_request',
  'duplicate',
  'defective',
  'service_issue',
  'fraud',
  'other',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const refundReasonLabel: Record<RefundReason, string> = {
  customer_request: '고객 요청',
  duplicate: '중복 결제',
  defective: '상품·서비스 문제',
  service_issue: '시스템 오류',
  fraud: '부정 결제 의심',
  other: '기타',
};

export const refundRequestSchema = z.object({
  amount: wonAmount('1원 이상이어야 합니다.'),
  /** The refundable balance the operator saw: sent as the checksum, so a refund made meanwhile is refused. */
  refundable: z.number().int().nonnegative().max(MAX_WON),
  reason: z.enum(REFUND_REASONS, { error: '환불 사유를 골라 주세요.' }),
  note: z.string().trim().max(500, '메모는 500자까지입니다.').default(''),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/** A payment as the service holds it, read live for the detail page. */
export interface ServicePaymentView {
  impUid: string;
  status: 'ready' | 'paid' | 'failed' | 'cancelled';
  amount: number;
  cancelAmount: number;
  cancelHistory: { amount: number; at: number | null; reason: string | null; receiptUrl: string | null }[];
  card: string | null;
  receiptUrl: string | null;
  paidAt: number | null;
  failReason: string | null;
}

export interface WebhookDeliveryView {
  id: string;
  /** ISO 8601 */
  receivedAt: string;
  impUid: string | null;
  merchantUid: string | null;
  status: string | null;
  body: string;
  outcome: string | null;
  /** ISO 8601 */
  processedAt: string | null;
}

export interface AuditView {
  id: string;
  /** ISO 8601 */
  at: string;
  operatorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  amount: number | null;
  reason: string | null;
  note: string | null;
  result: string;
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

export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'cancelled', 'failed'] as const;
export const subscriptionFiltersSchema = z.object({
  email: optionalText,
  status: z.enum(SUBSCRIPTION_STATUSES).optional(),
  /** Live subscriptions with no booking waiting at the service. */
  missingBooking: z
    .enum(['1', '0'])
    .optional()
    .transform((value) => value === '1'),
  ...pageFields,
});
export type SubscriptionFilters = z.infer<typeof subscriptionFiltersSchema>;

export interface SubscriptionRow {
  id: string;
  planName: string;
  amount: number;
  status: (typeof SUBSCRIPTION_STATUSES)[number];
  customerEmail: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: number | null;
  /** The booking waiting at the service, as we recorded it. */
  openCharge: {
    merchantUid: string;
    kind: 'first' | 'renewal' | 'retry';
    attempt: number;
    scheduleAt: number | null;
  } | null;
  endReason: EndReason | null;
}

export interface ChargeView {
  merchantUid: string;
  impUid: string | null;
  kind: 'first' | 'renewal' | 'retry';
  attempt: number;
  status: string;
  amount: number;
  refundedAmount: number;
  periodStart: number | null;
  periodEnd: number | null;
  scheduleAt: number | null;
  settledAt: number | null;
  failReason: string | null;
}

export interface SubscriptionDetail {
  subscription: SubscriptionRow & {
    currentPeriodStart: number | null;
    endedAt: number | null;
    card: string;
    createdAt: string;
    /** A goods plan's delivery address (where each paid period ships); null for a service. */
    shipping: ShippingDetails | null;
  };
  customer: { email: string; name: string };
  charges: ChargeView[];
  /** The open charge's booking as the service holds it; null when nothing is open here. */
  booking:
    | null
    | { merchantUid: string; status: 'missing' }
    | {
        merchantUid: string;
        status: 'scheduled' | 'executed' | 'revoked';
        scheduleAt: number | null;
        amount: number;
        paymentStatus: string | null;
        failReason: string | null;
      }
    | { merchantUid: string; status: 'error'; message: string };
  /** In dunning: which retry comes next and the last failure. */
  dunning: { attempt: number; nextRetryAt: number | null; lastFailure: string | null } | null;
  audit: AuditView[];
  /** The customer's consents, newest first, with each text's fingerprint (disputes ask for it). */
  consents: OperatorConsentEntry[];
  /** What an admin may do now. */
  actions: { cancelAtPeriodEnd: boolean; cancelNow: boolean; retryNow: boolean; rebook: boolean };
}

export const pageQuerySchema = z.object(pageFields);

export const webhookFiltersSchema = z.object({
  /** An imp_uid or merchant_uid. */
  payment: optionalText,
  outcome: z.enum(['ok', 'ignored', 'error']).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  ...pageFields,
});
export type WebhookFilters = z.infer<typeof webhookFiltersSchema>;

export const auditFiltersSchema = z.object({
  operator: optionalText,
  action: optionalText,
  target: optionalText,
  from: isoDate.optional(),
  to: isoDate.optional(),
  ...pageFields,
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

export interface ReconciliationRunView {
  id: string;
  startedAt: string;
  finishedAt: string | null;
  startedBy: string;
  status: 'running' | 'done' | 'failed';
  report: unknown;
  error: string | null;
  /** What it did, in one line (counts of what it checked, settled, refunded; its errors). */
  summary: string | null;
}

/** The runs' list with the latest run, whichever page is shown. */
export interface ReconciliationRunsPage extends Page<ReconciliationRunView> {
  latest: ReconciliationRunView | null;
}

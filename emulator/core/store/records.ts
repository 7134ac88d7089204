// Stored records. Each belongs to one merchant (merchant_code); the wire shapes the REST API
// answers with are built from them in wire/answers.ts. Card data is never here beyond the masked number.
import type { CardProfile } from './card-profile';

export type PaymentStatus = 'ready' | 'paid' | 'cancelled' | 'failed';
export type Channel = 'pc' | 'mobile' | 'api';
export type CustomerUidUsage = 'issue' | 'payment' | 'payment.scheduled';

export interface Buyer {
  buyer_name: string | null;
  buyer_email: string | null;
  buyer_tel: string | null;
  buyer_addr: string | null;
  buyer_postcode: string | null;
}

export interface CancelEntry {
  pg_tid: string;
  amount: number;
  cancelled_at: number;
  reason: string;
  cancellation_id: string;
  receipt_url: string;
}

/** A virtual account (가상계좌) a payment waits on for its deposit. */
export interface VbankAccount {
  code: string;
  name: string;
  num: string;
  holder: string;
  /** The deadline (its second still counts), UNIX seconds on the merchant's clock. */
  due: number;
  issued_at: number;
}

/** Money that arrived in a virtual account (a partial deposit leaves the payment ready). */
export interface Deposit {
  pg_tid: string;
  amount: number;
  depositor_name: string;
  deposited_at: number;
}

export interface PaymentRecord extends Buyer {
  merchant_code: string;
  /** Creation order, for "newest payment of an order number". */
  seq: number;
  imp_uid: string;
  merchant_uid: string;
  pay_method: string;
  channel: Channel;
  pg_provider: string;
  pg_id: string;
  pg_tid: string;
  apply_num: string | null;
  card: Omit<CardProfile, 'behaviour'> | null;
  card_quota: number;
  /** Convenience-store collection number and deadline. */
  barcode: string | null;
  expired_at: number;
  name: string | null;
  amount: number;
  cancel_amount: number;
  currency: string;
  custom_data: string | null;
  user_agent: string;
  status: PaymentStatus;
  started_at: number;
  paid_at: number;
  failed_at: number;
  cancelled_at: number;
  fail_reason: string | null;
  cancel_reason: string | null;
  cancel_history: CancelEntry[];
  customer_uid: string | null;
  customer_uid_usage: CustomerUidUsage | null;
  notice_urls: string[];
  confirm_url: string | null;
  /** Made through a test channel (kept only when true). */
  sandbox?: true;
  vbank: VbankAccount | null;
  deposits: Deposit[];
  escrow: boolean;
  /** A cash receipt issued through the service and not cancelled (receipts.ts). */
  cash_receipt_issued: boolean;
  /** The bank a 계좌이체 (pay_method trans) came from. */
  bank: { code: string; name: string } | null;
}

export interface CustomerFields {
  customer_name: string | null;
  customer_tel: string | null;
  customer_email: string | null;
  customer_addr: string | null;
  customer_postcode: string | null;
}

/** A billing key: the card's behaviour (which test-card row it is) instead of the card data. */
export interface BillingKeyRecord extends CustomerFields {
  merchant_code: string;
  customer_uid: string;
  pg_provider: string;
  pg_id: string;
  card: CardProfile;
  /**
   * The first second after the card's expiry month (KST): from then on its charges are refused
   * like the expired card's. Absent on keys journaled before it was kept: those never expire.
   */
  expires_at?: number;
  /** Charges attempted with this key (the 0341 card approves only the first). */
  charges: number;
  inserted: number;
  updated: number;
  /** Issued through a test channel (kept only when true); its charges are sandbox too. */
  sandbox?: true;
  /** A 간편결제 wallet's key (kakaopay, naverpay, tosspay): `card` is the wallet account, no card data. */
  wallet?: string;
}

export type ScheduleStatus = 'scheduled' | 'executed' | 'revoked';

export interface ScheduleRecord extends Buyer {
  merchant_code: string;
  seq: number;
  customer_uid: string;
  merchant_uid: string;
  schedule_at: number;
  amount: number;
  currency: string;
  name: string;
  custom_data: string | null;
  notice_urls: string[];
  schedule_status: ScheduleStatus;
  executed_at: number;
  revoked_at: number;
  imp_uid: string | null;
  payment_status: PaymentStatus | null;
  fail_reason: string | null;
}

export interface CertificationRecord {
  merchant_code: string;
  imp_uid: string;
  merchant_uid: string;
  pg_tid: string;
  pg_provider: string;
  name: string;
  gender: 'male' | 'female';
  birthday: string;
  foreigner: boolean;
  phone: string;
  carrier: string;
  certified: boolean;
  certified_at: number;
  unique_key: string;
  unique_in_site: string;
  origin: string | null;
}

/** A certification by REST waiting for its code (service/otp-certifications.ts); it becomes a certification when confirmed. */
export interface OtpRequestRecord {
  merchant_code: string;
  imp_uid: string;
  merchant_uid: string;
  name: string;
  birthday: string;
  gender: 'male' | 'female';
  foreigner: boolean;
  phone: string;
  carrier: string;
  company: string | null;
  /** The six digits the phone received. */
  otp: string;
  requested_at: number;
  expires_at: number;
  /** Wrong codes so far; the fifth ends the request. */
  failures: number;
}

/** Shipping of an escrow payment (service/escrows.ts). */
export interface EscrowLogisRecord {
  merchant_code: string;
  imp_uid: string;
  company: string;
  invoice: string;
  sent_at: number;
  applied_at: number;
  sender: Record<string, string>;
  receiver: Record<string, string>;
}

export interface PreparedAmount {
  merchant_code: string;
  merchant_uid: string;
  amount: number;
  currency: string;
}

export interface TokenRecord {
  merchant_code: string;
  access_token: string;
  expired_at: number;
}

/** A cash receipt (receipts.ts). */
export interface ReceiptRecord {
  merchant_code: string;
  /** The payment's imp_uid, or null for an external receipt (keyed by merchant_uid). */
  imp_uid: string | null;
  merchant_uid: string;
  receipt_tid: string;
  apply_num: string;
  type: 'person' | 'company';
  identifier_type: string | null;
  /** The identifier's last four digits. */
  identifier_tail: string;
  amount: number;
  vat: number;
  applied_at: number;
  cancelled_at: number;
}

/** V1's notification kinds, or a V2 event's type (`Transaction.Paid`, `BillingKey.Issued`, …). */
export type WebhookEvent = 'payment' | 'schedule' | 'refund' | 'cvs' | 'cvs.confirm' | 'vbank' | V2WebhookType;
export type V2WebhookType = `${'Transaction' | 'BillingKey' | 'IdentityVerification'}.${string}`;
export type WebhookState = 'pending' | 'sending' | 'delivered' | 'failed' | 'dropped';

export interface WebhookAttempt {
  /** Virtual time of the attempt. */
  at: number;
  /** null when no HTTP answer came (connection refused, reset, timeout). */
  response_status: number | null;
  error: string | null;
  /** The start of the answer's body, for the log. */
  response_body: string | null;
  duration_ms: number;
}

/** One request the service sends to a merchant: a notification, or a store's collection check. */
export interface WebhookRecord {
  id: string;
  seq: number;
  merchant_code: string;
  event: WebhookEvent;
  imp_uid: string;
  merchant_uid: string;
  url: string;
  encoding: 'json' | 'form';
  /**
   * A notification's fields (imp_uid, merchant_uid, status, cancellation_id): its body is their
   * encoding, so the journal keeps them instead of the body. A store's collection check has none.
   */
  status: PaymentStatus | null;
  cancellation_id?: string;
  /** The exact request body when it is not a notification's (the collection check's envelope). */
  body?: string;
  /** none / 5x1m: V1's settings; v2: V2's back-off (webhooks/dispatcher.ts V2_RETRY_DELAYS). */
  retry: 'none' | '5x1m' | 'v2';
  /** A V2 delivery: signed per attempt (Standard Webhooks) with the store's secret, under this message id. */
  v2_message_id?: string;
  state: WebhookState;
  created_at: number;
  /** Virtual time of the next attempt while pending (the first, or a retry). */
  next_attempt_at: number;
  /** Real-time wait before each attempt (the delay switch). */
  delay_ms: number;
  attempts: WebhookAttempt[];
  /** The delivery this one repeats, and why: a duplicate (the twice switch) or a redelivery. */
  copy_of: string | null;
  copy_kind: 'duplicate' | 'redelivery' | null;
}

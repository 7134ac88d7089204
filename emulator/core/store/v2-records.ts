// Stored records of PortOne V2 (emulator/v2): the merchant names payments (payment_id), the service
// names billing keys and schedules. Amounts are integers in the currency's unit. Times are UNIX
// seconds on the merchant's clock; the wire (v2/wire.ts) writes them as RFC 3339.
import type { CardProfile } from './card-profile';

export type V2PaymentStatus =
  | 'READY'
  | 'PAID'
  | 'FAILED'
  | 'CANCELLED'
  | 'PARTIAL_CANCELLED'
  | 'VIRTUAL_ACCOUNT_ISSUED';

/** OpenAPI `Customer`, as the merchant sent it (only what it sent). */
export interface V2Customer {
  id?: string;
  name?: string;
  email?: string;
  phoneNumber?: string;
  zipcode?: string;
}

/** How a payment was paid: a card (test-card behaviour kept on the billing key, never here) or a wallet. */
export type V2Method =
  | { type: 'card'; card: Omit<CardProfile, 'behaviour'>; approval_number: string }
  | { type: 'easy_pay'; provider: string; card: Omit<CardProfile, 'behaviour'> | null }
  | { type: 'virtual_account'; bank: string; account_number: string; holder: string; due: number };

export interface V2Cancellation {
  id: string;
  pg_cancellation_id: string;
  total: number;
  tax_free: number;
  vat: number;
  reason: string;
  requested_at: number;
  cancelled_at: number;
}

export interface V2PaymentRecord {
  merchant_code: string;
  seq: number;
  payment_id: string;
  transaction_id: string;
  store_id: string;
  channel_key: string | null;
  pg_provider: string;
  status: V2PaymentStatus;
  method: V2Method | null;
  billing_key: string | null;
  schedule_id: string | null;
  order_name: string;
  total: number;
  tax_free: number;
  currency: string;
  customer: V2Customer;
  custom_data: string | null;
  /** 'API' for server calls, 'SDK_PC' / 'SDK_MOBILE' for windows. */
  platform: string;
  requested_at: number;
  updated_at: number;
  status_changed_at: number;
  paid_at: number;
  failed_at: number;
  failure: { reason: string; pg_code: string; pg_message: string } | null;
  pg_tx_id: string | null;
  cancellations: V2Cancellation[];
  cancelled: number;
  cancelled_tax_free: number;
  /** Test channel (always, in the emulator: every V2 channel is a test channel). */
  sandbox: boolean;
  /** The payment's own webhook URL(s) (`noticeUrls`); empty means the store's. */
  notice_urls: string[];
  /** An escrow payment's shipping state (absent: not escrow). */
  escrow?: V2Escrow;
  /** Authorized in a window and waiting for the merchant's POST /payments/{id}/confirm. */
  authorization?: V2Authorization;
}

/** What a window authorized: the token the merchant confirms with, and the means to charge. */
export interface V2Authorization {
  token: string;
  card: CardProfile;
  /** The wallet (EasyPayProvider) when the means is a wallet account. */
  wallet: string | null;
}

export interface V2Escrow {
  status: 'BEFORE_REGISTERED' | 'REGISTERED' | 'CONFIRMED';
  company: string;
  invoice_number: string;
  sent_at: number;
  applied_at: number;
  confirmed_at: number;
}

/** A cash receipt of a payment id (POST /cash-receipts: a payment made outside the service). */
export interface V2CashReceiptRecord {
  merchant_code: string;
  seq: number;
  payment_id: string;
  store_id: string;
  type: 'PERSONAL' | 'CORPORATE';
  issue_number: string;
  total: number;
  tax_free: number;
  currency: string;
  issued_at: number;
  cancelled_at: number;
  order_name: string;
  channel_key: string | null;
  pg_provider: string;
  /** Issued by POST /cash-receipts for a payment made elsewhere. */
  manual: boolean;
  /** The identity number's last four digits (the rest is never kept). */
  identity_tail: string;
}

/** A payment id pre-registered with its amount (POST /payments/{id}/pre-register). */
export interface V2PreRegistration {
  merchant_code: string;
  payment_id: string;
  total: number | null;
  tax_free: number | null;
  currency: string | null;
}

export interface V2BillingKeyRecord {
  merchant_code: string;
  seq: number;
  billing_key: string;
  store_id: string;
  channel_key: string | null;
  pg_provider: string;
  /** PENDING: authorized in a window, waiting for POST /billing-keys/confirm (its `issue_token`). */
  status: 'PENDING' | 'ISSUED' | 'DELETED';
  issue_token?: string;
  /** The payment an issue-and-pay window asked for, made when the key is confirmed. */
  pending_payment?: V2PendingPayment;
  /** A card's test behaviour, or a wallet account's. */
  card: CardProfile;
  /** An easy-pay wallet's provider (KAKAOPAY, …) when the key is a wallet's. */
  wallet: string | null;
  /** The first second after the card's expiry month (charges refused from then on). */
  expires_at: number | null;
  customer: V2Customer;
  custom_data: string | null;
  issued_at: number;
  deleted_at: number;
  /** Charges attempted (the 0341 card approves only the first). */
  charges: number;
}

export interface V2PendingPayment {
  payment_id: string;
  order_name: string;
  total: number;
  tax_free: number;
  currency: string;
  custom_data: string | null;
}

export type V2ScheduleStatus = 'SCHEDULED' | 'STARTED' | 'SUCCEEDED' | 'FAILED' | 'REVOKED';

export interface V2ScheduleRecord {
  merchant_code: string;
  seq: number;
  id: string;
  payment_id: string;
  billing_key: string;
  store_id: string;
  order_name: string;
  total: number;
  tax_free: number;
  currency: string;
  customer: V2Customer;
  custom_data: string | null;
  notice_urls: string[];
  time_to_pay: number;
  status: V2ScheduleStatus;
  created_at: number;
  started_at: number;
  completed_at: number;
  revoked_at: number;
}

export interface V2TokenRecord {
  merchant_code: string;
  access_token: string;
  refresh_token: string;
  expires_at: number;
  refresh_expires_at: number;
}

/** An `Idempotency-Key` and what it answered (or that its request is still running). */
export interface V2IdempotencyRecord {
  merchant_code: string;
  key: string;
  /** Method, path and body of the first request: a different one with the same key is refused. */
  fingerprint: string;
  state: 'running' | 'done';
  status: number;
  json: unknown;
  created_at: number;
}

/** A hosted-checkout session (POST /payment-sessions): the order, kept until it expires or is closed. */
export interface V2SessionRecord {
  merchant_code: string;
  id: string;
  store_id: string;
  payment_id: string;
  profile_key: string;
  country: string;
  currency: string;
  total: number;
  order_name: string;
  /** The request's optional fields as sent (redirectUrl, customerName, customData, …). */
  extra: Record<string, unknown>;
  created_at: number;
  expires_at: number;
  closed_at: number;
}

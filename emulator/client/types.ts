// Shapes of the emulator's control API and records, for the package's users and this repository's tests
// (test/emulator/kit.ts).
import type { TEST_CARDS } from '../core/service/test-cards';
import type { billingKeyWire, certificationWire, paymentWire, scheduleWire } from '../core/wire/answers';
import type { WindowCallback } from '../core/wire/window-callback';
import type { FaultAction } from '../http/faults';
import type { SwitchMode, SwitchSetting } from '../webhooks/switch';
import type { webhookWire } from '../webhooks/webhook-wire';

export type { WindowCallback };
export type PaymentWire = ReturnType<typeof paymentWire>;
export type BillingKeyWire = ReturnType<typeof billingKeyWire>;
export type ScheduleWire = ReturnType<typeof scheduleWire>;
export type CertificationWire = ReturnType<typeof certificationWire>;
export type TestCard = keyof typeof TEST_CARDS;
export type WebhookWire = ReturnType<typeof webhookWire>;
export type { SwitchSetting };

export interface SwitchInput {
  mode: SwitchMode;
  /** Default: every merchant without its own setting. */
  merchant_code?: string;
  /** delay: real milliseconds before each attempt (at most 30,000). */
  delay_ms?: number;
  /** delay: virtual seconds before the first attempt. */
  delay_seconds?: number;
  /** For the next `count` notifications only. */
  count?: number;
}

/** What the store counter did: paid (after an HTTP 200 from confirm_url, or without one) or refused. */
export interface CollectResult {
  outcome: 'paid' | 'refused';
  method: 'cash' | 'card';
  payment: PaymentWire;
  /** The collection check sent to confirm_url, or null when the payment has none. */
  confirm: WebhookWire | null;
  /** The notifications of the collection, after their first attempt. */
  notifications: WebhookWire[];
}

/** The service's response envelope. */
export interface Envelope<T> {
  code: number;
  message: string | null;
  response: T | null;
}

export interface FaultInput {
  /** Default `*` (any method). */
  method?: string;
  /** Exact path, or a prefix ending in `*` (e.g. `/subscribe/*`). */
  path: string;
  action: FaultAction;
  /** How many matching requests fail (default 1). */
  count?: number;
  delay_ms?: number;
  /** The request is processed first; only its answer fails (not with `delay`). */
  after?: boolean;
}

export interface CertifyInput {
  /** Default: the first merchant. */
  merchant_code?: string;
  name: string;
  /** YYYY-MM-DD */
  birthday: string;
  gender: 'male' | 'female';
  phone: string;
  carrier: 'SKT' | 'KT' | 'LGT' | 'SKT_MVNO' | 'KT_MVNO' | 'LGT_MVNO';
  merchant_uid?: string;
  min_age?: number;
  company?: string;
  origin?: string;
}

export interface CertifyResult {
  /** What the IMP.certification callback would receive. */
  rsp: { success: boolean; error_code: string | null; error_msg: string | null; imp_uid: string; merchant_uid: string };
  certification: CertificationWire;
}

export interface WindowPaymentInput {
  merchant_code?: string;
  pg?: string;
  /** Default `card`; other methods (trans, phone, …) are paid without card fields. */
  pay_method?: string;
  merchant_uid: string;
  /** 0 only with customer_uid (billing-key issuance without a charge). */
  amount: number;
  name?: string;
  buyer_name?: string;
  buyer_email?: string;
  buyer_tel?: string;
  buyer_addr?: string;
  buyer_postcode?: string;
  custom_data?: unknown;
  customer_uid?: string;
  card_number?: string;
  expiry?: string;
  birth?: string;
  pwd_2digit?: string;
  channel?: 'pc' | 'mobile';
  notice_url?: string | string[];
  currency?: string;
  /** A wallet's account (pg kakaopay | naverpay | tosspay; default buyer_tel, else 010-1234-5678) or the phone billed (pay_method phone). */
  phone?: string;
  /** pay_method trans: the bank the money comes from (default 004). */
  bank_code?: string;
  /** pay_method phone: SKT, KT, LGT, SKT_MVNO, KT_MVNO, LGT_MVNO (default SKT) and the one-time code (123456; may be left out). */
  carrier?: string;
  otp?: string;
  /** pay_method vbank: the bank the customer picks, the deadline (YYYYMMDD, YYYYMMDDhhmm or UNIX seconds). */
  vbank_code?: string;
  vbank_due?: string | number;
  /** An escrow payment (its shipping is registered at /escrows/logis). */
  escrow?: boolean;
}

/** A deposit into a virtual account: the payment after it, and the notices it caused (after their attempt). */
export interface DepositResult {
  payment: PaymentWire;
  notifications: WebhookWire[];
}

/** The text a certification by REST sent to the phone. */
export interface OtpMessage {
  merchant_code: string;
  imp_uid: string;
  phone: string;
  otp: string;
  text: string;
  expires_at: number;
  failures: number;
}

export interface WindowPaymentResult {
  /** What the IMP.request_pay callback would receive. */
  rsp: WindowCallback;
  payment: PaymentWire | null;
}

export interface IssuedToken {
  access_token: string;
  now: number;
  expired_at: number;
}

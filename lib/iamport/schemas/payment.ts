import 'server-only';
import { z } from 'zod';
import {
  flag,
  type Known,
  looseInteger,
  money,
  orderFields,
  paymentStatus,
  sandbox,
  text,
  timestamp,
} from './primitives';

/** One (partial) cancellation in a payment's cancel_history. */
export const cancelEntrySchema = z.looseObject({
  pg_tid: text,
  amount: money,
  cancelled_at: timestamp,
  reason: text,
  cancellation_id: text,
  receipt_url: text,
});

/** One deposit into a virtual account (deposit_history): what arrived before the account was paid in full. */
export const depositEntrySchema = z.looseObject({
  pg_tid: text,
  amount: money,
  depositor_name: text,
  deposited_at: timestamp,
});

/** The payment record (GET /payments/{imp_uid} and every call that answers with a payment). */
export const paymentSchema = z.looseObject({
  imp_uid: z.string().min(1),
  merchant_uid: z.string().min(1),
  status: paymentStatus,
  amount: money,
  cancel_amount: money.default(0),
  currency: text,
  pay_method: text,
  channel: text,
  pg_provider: text,
  emb_pg_provider: text,
  pg_tid: text,
  pg_id: text,
  /** Made through a test channel: no money moved, so it must never count as paid. */
  sandbox,
  escrow: flag,
  apply_num: text,
  bank_code: text,
  bank_name: text,
  card_code: text,
  card_name: text,
  card_quota: looseInteger.transform((value) => value ?? 0),
  card_number: text,
  /** 0 credit, 1 debit; null when not a card payment. */
  card_type: looseInteger,
  vbank_code: text,
  vbank_name: text,
  vbank_num: text,
  vbank_holder: text,
  vbank_date: timestamp,
  vbank_issued_at: timestamp,
  ...orderFields,
  user_agent: text,
  started_at: timestamp,
  paid_at: timestamp,
  failed_at: timestamp,
  cancelled_at: timestamp,
  fail_reason: text,
  cancel_reason: text,
  receipt_url: text,
  cancel_receipt_urls: z
    .array(z.string())
    .nullish()
    .transform((value) => value ?? []),
  cancel_history: z
    .array(cancelEntrySchema)
    .nullish()
    .transform((value) => value ?? []),
  /** 가상계좌: the deposits so far — a waiting account with part of its amount in it has some. */
  deposit_history: z
    .array(depositEntrySchema)
    .nullish()
    .transform((value) => value ?? []),
  cash_receipt_issued: flag,
  customer_uid: text,
  /** null for an ordinary payment, else issue | payment | payment.scheduled. */
  customer_uid_usage: text,
});

export type Payment = Known<z.output<typeof paymentSchema>>;

/** GET /payments/status/{status}: one page; `previous`/`next` are page numbers, 0 when there is none. */
export const paymentPageSchema = z.looseObject({
  total: z.number().int().nonnegative(),
  previous: z.number().int().nonnegative(),
  next: z.number().int().nonnegative(),
  list: z
    .array(paymentSchema)
    .nullish()
    .transform((value) => value ?? []),
});

export type PaymentPage = Known<z.output<typeof paymentPageSchema>>;
export type CancelEntry = Known<z.output<typeof cancelEntrySchema>>;

/** POST /payments/prepare and GET /payments/prepare/{merchant_uid}. */
export const preparedPaymentSchema = z.looseObject({
  merchant_uid: z.string().min(1),
  amount: money,
  currency: text,
});

export type PreparedPayment = Known<z.output<typeof preparedPaymentSchema>>;

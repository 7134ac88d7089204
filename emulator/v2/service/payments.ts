// V2 payments: the merchant names each one (payment_id). A charge starts a record and ends PAID or
import { randomUUID } from 'node:crypto';
import type { Emulator } from '../../core/emulator';
// FAILED as the test card (or wallet account) decides — the same outcomes as V1's charges
// (core/service/test-cards.ts, wallets.ts) — and announces Transaction.Paid / Transaction.Failed.
import { newApplyNum, newPgTid } from '../../core/service/ids';
import { type ChargeOutcome, chargeOutcome, shownCard } from '../../core/service/test-cards';
import { walletOutcome } from '../../core/service/wallets';
import type { CardProfile } from '../../core/store/card-profile';
import { scoped } from '../../core/store/store';
import type { V2Customer, V2Method, V2PaymentRecord } from '../../core/store/v2-records';
import type { V2Channel } from '../../merchants';
import { alreadyPaid, invalidRequest, paymentNotFound } from '../errors';
import { sendV2Event } from './events';

/** What a payment is for: its id, order, amount and customer (a window's request, or an API call). */
export interface V2PaymentRequest {
  merchantCode: string;
  storeId: string;
  paymentId: string;
  orderName: string;
  total: number;
  taxFree?: number;
  currency: string;
  customer?: V2Customer;
  customData?: string | null;
  /** The payment's own webhook URLs (`noticeUrls`); default: the store's. */
  noticeUrls?: string[];
  /** 'API' (server calls) or 'PC' / 'MOBILE' (windows). */
  platform?: 'API' | 'PC' | 'MOBILE';
  billingKey?: string | null;
  scheduleId?: string | null;
  /** The request's `skipWebhook`: the outcome is not announced. */
  skipWebhook?: boolean;
}

export type V2ChargeResult =
  | { status: 'PAID'; payment: V2PaymentRecord }
  | { status: 'FAILED'; payment: V2PaymentRecord; pgCode: string; pgMessage: string };

export const paymentKey = (merchantCode: string, paymentId: string) => scoped(merchantCode, paymentId);

export function findPayment(core: Emulator, merchantCode: string, paymentId: string): V2PaymentRecord | undefined {
  return core.store.v2Payments.get(paymentKey(merchantCode, paymentId));
}

export function getPayment(core: Emulator, merchantCode: string, paymentId: string): V2PaymentRecord {
  const payment = findPayment(core, merchantCode, paymentId);
  if (!payment) throw paymentNotFound(paymentId);
  return payment;
}

/** A payment id may be charged again only while not paid (a failed attempt may be retried). */
export function assertPayable(core: Emulator, request: V2PaymentRequest): void {
  if (!/^\P{Cc}{1,200}$/u.test(request.paymentId))
    throw invalidRequest('paymentId: 제어 문자 없는 1~200자여야 합니다.');
  const existing = findPayment(core, request.merchantCode, request.paymentId);
  if (existing && existing.status !== 'FAILED' && existing.status !== 'READY') throw alreadyPaid(request.paymentId);
  const pre = core.store.v2PreRegistrations.get(paymentKey(request.merchantCode, request.paymentId));
  if (
    pre &&
    ((pre.total !== null && pre.total !== request.total) ||
      (pre.currency !== null && pre.currency !== request.currency))
  )
    throw invalidRequest(`사전 등록된 결제 금액·통화와 다릅니다: ${request.paymentId}`);
}

function newTransactionId(): string {
  return randomUUID();
}

/** A new record of the request in READY (not yet journaled: the caller saves its outcome). */
export function readyPayment(core: Emulator, request: V2PaymentRequest, channel: V2Channel | null): V2PaymentRecord {
  const now = core.now(request.merchantCode);
  return {
    merchant_code: request.merchantCode,
    seq: core.store.nextSeq(),
    payment_id: request.paymentId,
    transaction_id: newTransactionId(),
    store_id: request.storeId,
    channel_key: channel?.channel_key ?? null,
    pg_provider: channel?.pg_provider ?? '',
    status: 'READY',
    method: null,
    billing_key: request.billingKey ?? null,
    schedule_id: request.scheduleId ?? null,
    order_name: request.orderName,
    total: request.total,
    tax_free: request.taxFree ?? 0,
    currency: request.currency,
    customer: request.customer ?? {},
    custom_data: request.customData ?? null,
    platform: request.platform ?? 'API',
    requested_at: now,
    updated_at: now,
    status_changed_at: now,
    paid_at: 0,
    failed_at: 0,
    failure: null,
    pg_tx_id: null,
    cancellations: [],
    cancelled: 0,
    cancelled_tax_free: 0,
    sandbox: true,
    notice_urls: request.noticeUrls ?? [],
  };
}

const PG_CODES: Record<ChargeOutcome['kind'], string> = {
  approved: '0000',
  declined: 'DECLINED',
  refused: 'REFUSED',
  unreachable: 'UNREACHABLE',
};

/** Saves the outcome of a charge of `ready` and announces it. */
export function settle(
  core: Emulator,
  ready: V2PaymentRecord,
  method: V2Method | null,
  outcome: ChargeOutcome,
  silent = false,
): V2ChargeResult {
  const now = core.now(ready.merchant_code);
  const base = { ...ready, method, updated_at: now, status_changed_at: now };
  if (outcome.kind === 'approved') {
    const payment = core.store.v2Payments.put({
      ...base,
      status: 'PAID',
      paid_at: now,
      pg_tx_id: newPgTid(),
      failure: null,
    });
    if (!silent) announce(core, payment, 'Transaction.Paid');
    return { status: 'PAID', payment };
  }
  const pgCode = PG_CODES[outcome.kind];
  const failure = { reason: outcome.reason, pg_code: pgCode, pg_message: outcome.reason };
  const payment = core.store.v2Payments.put({ ...base, status: 'FAILED', failed_at: now, failure });
  if (!silent) announce(core, payment, 'Transaction.Failed');
  return { status: 'FAILED', payment, pgCode, pgMessage: outcome.reason };
}

export function announce(core: Emulator, p: V2PaymentRecord, type: string, extra: Record<string, string> = {}): void {
  sendV2Event(core, p.merchant_code, {
    type,
    data: { storeId: p.store_id, paymentId: p.payment_id, transactionId: p.transaction_id, ...extra },
    urls: p.notice_urls,
  });
}

/** A card charge (`previousCharges`: earlier attempts with the same billing key). */
export function chargeCardPayment(
  core: Emulator,
  ready: V2PaymentRecord,
  card: CardProfile,
  previousCharges: number,
  silent = false,
): V2ChargeResult {
  const method: V2Method = { type: 'card', card: shownCard(card), approval_number: newApplyNum() };
  return settle(core, ready, method, chargeOutcome(card.behaviour, previousCharges), silent);
}

/** A wallet (easy-pay) charge: the account's behaviour decides (wallets.ts). */
export function chargeWalletPayment(
  core: Emulator,
  ready: V2PaymentRecord,
  provider: string,
  account: CardProfile,
  silent = false,
): V2ChargeResult {
  return settle(core, ready, { type: 'easy_pay', provider, card: null }, walletOutcome(account), silent);
}

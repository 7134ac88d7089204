// Payment records: creation with the real service's defaults, state changes, and lookups by
// imp_uid and by merchant_uid (index), always within one merchant.

import type { Emulator } from '../emulator';
import type { Channel, CustomerUidUsage, PaymentRecord, PaymentStatus } from '../store/records';
import { noOutcomeYet, scoped } from '../store/store';
import { notFound, rejected } from '../wire/errors';
import type { Order, Pg } from '../wire/order';
import { isTestChannel, visible } from './channels';
import { newApplyNum, newImpUid, newPgTid } from './ids';

export interface PaymentInit {
  order: Order;
  pay_method: string;
  channel: Channel;
  pg: Pg;
  customer_uid?: string | null;
  customer_uid_usage?: CustomerUidUsage | null;
  card?: PaymentRecord['card'];
  card_quota?: number;
  user_agent?: string;
  escrow?: boolean;
  /** pay_method trans: the bank the money came from. */
  bank?: PaymentRecord['bank'];
  /** A charge of a billing key is sandbox when the key is; otherwise the channel decides. */
  sandbox?: boolean;
}

/** A new imp_uid, unique among payments and certifications. */
export const freshImpUid = (core: Emulator) =>
  newImpUid((id) => core.store.payments.has(id) || core.store.certifications.has(id) || core.store.otps.has(id));

/** A new payment in status ready (not yet stored). API payments report the real service's user agent. */
export function newPayment(core: Emulator, merchantCode: string, init: PaymentInit): PaymentRecord {
  const { order } = init;
  const sandbox = init.sandbox ?? isTestChannel(core, merchantCode, init.pg);
  return {
    merchant_code: merchantCode,
    seq: core.store.nextSeq(),
    imp_uid: freshImpUid(core),
    merchant_uid: order.merchant_uid,
    pay_method: init.pay_method,
    channel: init.channel,
    // Only the channel: a billing key passed as `pg` must not leave its own fields on the payment.
    pg_provider: init.pg.pg_provider,
    pg_id: init.pg.pg_id,
    pg_tid: newPgTid(),
    apply_num: null,
    card: init.card ?? null,
    card_quota: init.card_quota ?? 0,
    barcode: null,
    expired_at: 0,
    name: order.name,
    amount: order.amount,
    cancel_amount: 0,
    currency: order.currency,
    buyer_name: order.buyer_name,
    buyer_email: order.buyer_email,
    buyer_tel: order.buyer_tel,
    buyer_addr: order.buyer_addr,
    buyer_postcode: order.buyer_postcode,
    custom_data: order.custom_data,
    user_agent: init.user_agent ?? 'sorry_not_supported',
    status: 'ready',
    started_at: core.now(merchantCode),
    ...noOutcomeYet(),
    customer_uid: init.customer_uid ?? null,
    customer_uid_usage: init.customer_uid_usage ?? null,
    notice_urls: order.notice_urls,
    confirm_url: null,
    ...(sandbox ? { sandbox: true } : {}),
    vbank: null,
    deposits: [],
    escrow: init.escrow ?? false,
    cash_receipt_issued: false,
    bank: init.bank ?? null,
  };
}

export const asPaid = (payment: PaymentRecord, now: number): PaymentRecord => ({
  ...payment,
  status: 'paid',
  paid_at: now,
  apply_num: payment.pay_method === 'card' ? newApplyNum() : null,
});

export const asFailed = (payment: PaymentRecord, now: number, reason: string): PaymentRecord => ({
  ...payment,
  status: 'failed',
  failed_at: now,
  fail_reason: reason,
});

/** Stores a payment; a paid one is announced to the merchant (webhook). */
export function savePayment(core: Emulator, payment: PaymentRecord): PaymentRecord {
  core.store.payments.put(payment);
  if (payment.status === 'paid') {
    core.notify({
      merchant_code: payment.merchant_code,
      imp_uid: payment.imp_uid,
      merchant_uid: payment.merchant_uid,
      status: 'paid',
      notice_urls: payment.notice_urls,
    });
  }
  return payment;
}

export function getPayment(
  core: Emulator,
  merchantCode: string,
  impUid: string,
  includeSandbox = false,
): PaymentRecord {
  const payment = core.store.payments.get(impUid);
  if (!payment || payment.merchant_code !== merchantCode || !visible(payment, includeSandbox))
    throw notFound('존재하지 않는 결제정보입니다.');
  return payment;
}

export type Sorting = '-started' | 'started' | '-paid' | 'paid' | '-updated' | 'updated';
export const sortings: readonly Sorting[] = ['-started', 'started', '-paid', 'paid', '-updated', 'updated'];

function sortValue(p: PaymentRecord, field: string): number {
  if (field === 'paid') return p.paid_at;
  if (field === 'updated') return Math.max(p.started_at, p.paid_at, p.failed_at, p.cancelled_at);
  return p.started_at;
}

/** Orders payments as `sorting` says (ties: by creation, in the same direction). */
export function bySorting(sorting: Sorting): (a: PaymentRecord, b: PaymentRecord) => number {
  const descending = sorting.startsWith('-');
  const field = sorting.replace('-', '');
  return (a, b) => {
    const order = sortValue(a, field) - sortValue(b, field) || a.seq - b.seq;
    return descending ? -order : order;
  };
}

/** Payments of an order number, newest first by default (ties: the later created first). */
export function paymentsOfOrder(
  core: Emulator,
  merchantCode: string,
  merchantUid: string,
  status: PaymentStatus | null = null,
  sorting: Sorting = '-started',
): PaymentRecord[] {
  return core.store.paymentsByMerchantUid
    .get(scoped(merchantCode, merchantUid))
    .filter((p) => status === null || p.status === status)
    .sort(bySorting(sorting));
}

/** An order number that was already paid cannot be paid again. */
export function assertNotPaid(core: Emulator, merchantCode: string, merchantUid: string): void {
  if (paymentsOfOrder(core, merchantCode, merchantUid, 'paid').length > 0) {
    throw rejected('이미 결제가 완료된 주문번호(merchant_uid)입니다.');
  }
}

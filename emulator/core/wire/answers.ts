// The REST API's shapes of stored records (spec fields, reference/real-api-notes.md): integer
// timestamps (0 when unset), null for absent values, receipt URLs on the emulator's own address.

import type { BillingKeyRecord, CertificationRecord, PaymentRecord, ScheduleRecord } from '../store/records';
import { kstMidnight } from '../time/clock';

/** A payment's receipt page on the emulator (browser-routes.ts serves it). */
export const receiptPath = (impUid: string) => `/__emulator/receipts/${impUid}`;

/** What a deposit entry says (the Swagger file requires a reason). */
const DEPOSIT_REASON = '가상계좌 입금';

export function paymentWire(p: PaymentRecord, baseUrl: string) {
  const isCvs = p.pay_method === 'cvs';
  const { vbank } = p;
  return {
    imp_uid: p.imp_uid,
    merchant_uid: p.merchant_uid,
    pay_method: p.pay_method,
    channel: p.channel,
    pg_provider: p.pg_provider,
    emb_pg_provider: null,
    pg_tid: p.pg_tid,
    pg_id: p.pg_id,
    escrow: p.escrow,
    apply_num: p.apply_num,
    bank_code: p.bank?.code ?? null,
    bank_name: p.bank?.name ?? null,
    card_code: p.card?.card_code ?? null,
    card_name: p.card?.card_name ?? null,
    card_quota: p.card_quota,
    card_number: p.card?.card_number ?? null,
    card_type: p.card?.card_type ?? null,
    // A virtual account; a convenience-store payment's collection number and deadline go here too.
    vbank_code: vbank?.code ?? null,
    vbank_name: isCvs ? '편의점' : (vbank?.name ?? null),
    vbank_num: p.barcode ?? vbank?.num ?? null,
    vbank_holder: vbank?.holder ?? null,
    vbank_date: vbank?.due ?? p.expired_at,
    vbank_issued_at: isCvs ? p.started_at : (vbank?.issued_at ?? 0),
    name: p.name,
    amount: p.amount,
    cancel_amount: p.cancel_amount,
    currency: p.currency,
    buyer_name: p.buyer_name,
    buyer_email: p.buyer_email,
    buyer_tel: p.buyer_tel,
    buyer_addr: p.buyer_addr,
    buyer_postcode: p.buyer_postcode,
    custom_data: p.custom_data,
    user_agent: p.user_agent,
    status: p.status,
    started_at: p.started_at,
    paid_at: p.paid_at,
    failed_at: p.failed_at,
    cancelled_at: p.cancelled_at,
    fail_reason: p.fail_reason,
    cancel_reason: p.cancel_reason,
    receipt_url:
      p.status === 'failed' || isCvs || (vbank && p.status === 'ready') ? null : `${baseUrl}${receiptPath(p.imp_uid)}`,
    cancel_history: p.cancel_history.map((c) => ({ ...c, receipt_url: `${baseUrl}${c.receipt_url}` })),
    deposit_history: p.deposits.map((d) => ({ ...d, reason: DEPOSIT_REASON })),
    cancel_receipt_urls: p.cancel_history.map((c) => `${baseUrl}${c.receipt_url}`),
    cash_receipt_issued: p.cash_receipt_issued,
    customer_uid: p.customer_uid,
    customer_uid_usage: p.customer_uid_usage,
    sandbox: p.sandbox === true,
  };
}

/** A wallet's key names the wallet (카카오페이 …) where a card's names the issuer, and has no card data. */
export function billingKeyWire(b: BillingKeyRecord) {
  const card = b.wallet === undefined;
  return {
    customer_uid: b.customer_uid,
    pg_provider: b.pg_provider,
    pg_id: b.pg_id,
    card_name: b.card.card_name,
    card_code: card ? b.card.card_code : null,
    card_number: card ? b.card.card_number : null,
    card_type: card ? b.card.card_type : null,
    customer_name: b.customer_name,
    customer_tel: b.customer_tel,
    customer_email: b.customer_email,
    customer_addr: b.customer_addr,
    customer_postcode: b.customer_postcode,
    inserted: b.inserted,
    updated: b.updated,
    sandbox: b.sandbox === true,
  };
}

export function scheduleWire(s: ScheduleRecord) {
  return {
    customer_uid: s.customer_uid,
    merchant_uid: s.merchant_uid,
    imp_uid: s.imp_uid,
    schedule_at: s.schedule_at,
    executed_at: s.executed_at,
    revoked_at: s.revoked_at,
    amount: s.amount,
    currency: s.currency,
    name: s.name,
    buyer_name: s.buyer_name,
    buyer_email: s.buyer_email,
    buyer_tel: s.buyer_tel,
    buyer_addr: s.buyer_addr,
    buyer_postcode: s.buyer_postcode,
    custom_data: s.custom_data,
    schedule_status: s.schedule_status,
    payment_status: s.payment_status,
    fail_reason: s.fail_reason,
  };
}

export function certificationWire(c: CertificationRecord) {
  const [year, month, day] = c.birthday.split('-').map(Number);
  return {
    imp_uid: c.imp_uid,
    merchant_uid: c.merchant_uid,
    pg_tid: c.pg_tid,
    pg_provider: c.pg_provider,
    name: c.name,
    gender: c.gender,
    birthday: c.birthday,
    // Deprecated but still sent: the birth date as UNIX seconds (not milliseconds).
    birth: kstMidnight(year ?? 0, month ?? 1, day ?? 1),
    foreigner: c.foreigner,
    phone: c.phone,
    carrier: c.carrier,
    certified: c.certified,
    certified_at: c.certified_at,
    unique_key: c.unique_key,
    unique_in_site: c.unique_in_site,
    origin: c.origin,
  };
}

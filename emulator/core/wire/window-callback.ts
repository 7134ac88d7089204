// The `rsp` object a payment window hands to the IMP.request_pay callback. The browser treats it
// only as "go verify on the server"; the fields follow the real script.

import type { PaymentRecord } from '../store/records';
import { paymentWire } from './answers';
import type { Order } from './order';

export interface WindowCallback {
  success: boolean;
  error_code: string | null;
  error_msg: string | null;
  imp_uid: string | null;
  merchant_uid: string;
  pay_method: string | null;
  paid_amount: number;
  status: string | null;
  name: string | null;
  pg_provider: string | null;
  pg_tid: string | null;
  buyer_name: string | null;
  buyer_email: string | null;
  buyer_tel: string | null;
  buyer_addr: string | null;
  buyer_postcode: string | null;
  custom_data: unknown;
  paid_at: number;
  receipt_url: string | null;
  apply_num: string | null;
  card_name: string | null;
  card_number: string | null;
  card_quota: number;
  currency: string;
  customer_uid: string | null;
  /** A virtual account the window issued (pay_method vbank): where and until when to pay. */
  vbank_num: string | null;
  vbank_name: string | null;
  vbank_holder: string | null;
  vbank_date: number;
  /** The bank a transfer (pay_method trans) came from. */
  bank_name: string | null;
}

function parsed(customData: string | null): unknown {
  if (customData === null) return null;
  try {
    return JSON.parse(customData);
  } catch {
    return customData;
  }
}

export function windowCallback(
  order: Order,
  payment: PaymentRecord | null,
  baseUrl: string,
  error?: { error_code: string; error_msg: string },
): WindowCallback {
  const p = payment ? paymentWire(payment, baseUrl) : null;
  return {
    success: !error,
    error_code: error?.error_code ?? null,
    error_msg: error?.error_msg ?? null,
    imp_uid: p?.imp_uid ?? null,
    merchant_uid: order.merchant_uid,
    pay_method: p?.pay_method ?? null,
    paid_amount: p?.status === 'paid' ? p.amount : 0,
    status: p?.status ?? null,
    name: order.name,
    pg_provider: p?.pg_provider ?? null,
    pg_tid: p?.pg_tid ?? null,
    buyer_name: order.buyer_name,
    buyer_email: order.buyer_email,
    buyer_tel: order.buyer_tel,
    buyer_addr: order.buyer_addr,
    buyer_postcode: order.buyer_postcode,
    custom_data: parsed(order.custom_data),
    paid_at: p?.paid_at ?? 0,
    receipt_url: p?.receipt_url ?? null,
    apply_num: p?.apply_num ?? null,
    card_name: p?.card_name ?? null,
    card_number: p?.card_number ?? null,
    card_quota: p?.card_quota ?? 0,
    currency: order.currency,
    customer_uid: p?.customer_uid ?? null,
    vbank_num: p?.pay_method === 'vbank' ? p.vbank_num : null,
    vbank_name: p?.pay_method === 'vbank' ? p.vbank_name : null,
    vbank_holder: p?.vbank_holder ?? null,
    vbank_date: p?.pay_method === 'vbank' ? p.vbank_date : 0,
    bank_name: p?.bank_name ?? null,
  };
}

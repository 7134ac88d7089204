// The service's own records the invariants are checked against, whichever PortOne API made them. The
// emulator keeps one store with V1's tables and V2's beside them (store.v2Payments, v2Schedules,
// v2BillingKeys); its control API lists V1's only. So V2's are read from the in-process store and
// written in V1's wire shape, the way the app keeps a V2 payment (asV1Payment): imp_uid and
// merchant_uid are both its paymentId, and a cancellation's id is its cancel_history key.
import type { BillingKeyWire, PaymentWire, ScheduleWire } from '@/emulator/client/types';
import type { V2PaymentRecord, V2ScheduleRecord } from '@/emulator/core/store/v2-records';
import { providerFor } from '@/lib/provider';
import type { World } from './world';

const MERCHANT = 'imp00000000';

export type ServicePayment = PaymentWire & { merchant_code: string };
export type ServiceSchedule = ScheduleWire & { merchant_code: string };

const V1_STATUS = {
  READY: 'ready',
  VIRTUAL_ACCOUNT_ISSUED: 'ready',
  PAID: 'paid',
  PARTIAL_CANCELLED: 'paid',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
} as const;

const V1_METHOD = { card: 'card', easy_pay: 'card', virtual_account: 'vbank' } as const;

function v2Payment(p: V2PaymentRecord): ServicePayment {
  const card = p.method?.type === 'card' ? p.method.card : p.method?.type === 'easy_pay' ? p.method.card : null;
  const lastCancel = p.cancellations.at(-1);
  return {
    merchant_code: p.merchant_code,
    imp_uid: p.payment_id,
    merchant_uid: p.payment_id,
    pay_method: p.method ? V1_METHOD[p.method.type] : 'card',
    // A payment made by a server call (a billing key's charge) is V1's `api` channel; a window's is `pc`.
    channel: p.platform === 'API' ? 'api' : 'pc',
    pg_provider: p.pg_provider,
    emb_pg_provider: null,
    pg_tid: p.pg_tx_id ?? '',
    pg_id: p.channel_key ?? '',
    escrow: false,
    apply_num: p.method?.type === 'card' ? p.method.approval_number : '',
    bank_code: null,
    bank_name: null,
    card_code: card?.card_code ?? null,
    card_name: card?.card_name ?? null,
    card_quota: 0,
    card_number: card?.card_number ?? null,
    card_type: card?.card_type ?? null,
    vbank_code: null,
    vbank_name: null,
    vbank_num: null,
    vbank_holder: null,
    vbank_date: 0,
    vbank_issued_at: 0,
    name: p.order_name,
    amount: p.total,
    cancel_amount: p.cancelled,
    currency: p.currency,
    buyer_name: p.customer.name ?? null,
    buyer_email: p.customer.email ?? null,
    buyer_tel: p.customer.phoneNumber ?? null,
    buyer_addr: null,
    buyer_postcode: p.customer.zipcode ?? null,
    custom_data: p.custom_data,
    user_agent: '',
    status: V1_STATUS[p.status],
    started_at: p.requested_at,
    paid_at: p.paid_at,
    failed_at: p.failed_at,
    cancelled_at: p.status === 'CANCELLED' ? (lastCancel?.cancelled_at ?? 0) : 0,
    fail_reason: p.failure?.reason ?? null,
    cancel_reason: lastCancel?.reason ?? null,
    receipt_url: null,
    cancel_history: p.cancellations.map((c) => ({
      pg_tid: c.id,
      cancellation_id: c.id,
      amount: c.total,
      cancelled_at: c.cancelled_at,
      reason: c.reason,
      receipt_url: '',
    })),
    deposit_history: [],
    cancel_receipt_urls: [],
    cash_receipt_issued: false,
    // The key it was charged to (V2's billing key): what tells our billing-key charges from a
    // window's payment (overlap-invariants.ts reads it so).
    customer_uid: p.billing_key,
    customer_uid_usage: null,
    sandbox: p.sandbox,
  };
}

const V1_SCHEDULE_STATUS = {
  SCHEDULED: 'scheduled',
  STARTED: 'scheduled',
  SUCCEEDED: 'executed',
  FAILED: 'executed',
  REVOKED: 'revoked',
} as const;

function v2Schedule(s: V2ScheduleRecord, payments: Map<string, V2PaymentRecord>): ServiceSchedule {
  const executed = s.status === 'SUCCEEDED' || s.status === 'FAILED';
  const payment = payments.get(s.payment_id);
  return {
    merchant_code: s.merchant_code,
    customer_uid: s.billing_key,
    merchant_uid: s.payment_id,
    imp_uid: executed ? s.payment_id : null,
    schedule_at: s.time_to_pay,
    executed_at: executed ? s.completed_at : 0,
    revoked_at: s.revoked_at,
    amount: s.total,
    currency: s.currency,
    name: s.order_name,
    buyer_name: s.customer.name ?? null,
    buyer_email: s.customer.email ?? null,
    buyer_tel: s.customer.phoneNumber ?? null,
    buyer_addr: null,
    buyer_postcode: s.customer.zipcode ?? null,
    custom_data: s.custom_data,
    schedule_status: V1_SCHEDULE_STATUS[s.status],
    payment_status: s.status === 'SUCCEEDED' ? 'paid' : s.status === 'FAILED' ? 'failed' : null,
    fail_reason: s.status === 'FAILED' ? (payment?.failure?.reason ?? null) : null,
  };
}

/** Every payment of the run's merchant at the service, V1's and V2's. */
export async function servicePayments(world: World): Promise<ServicePayment[]> {
  const v2 = [...world.emulator.core.store.v2Payments.values()].filter((p) => p.merchant_code === MERCHANT);
  return [...(await world.emulator.payments(MERCHANT)), ...v2.map(v2Payment)];
}

/** Every booking of the run's merchant at the service, V1's and V2's (a V2 one under its paymentId). */
export async function serviceSchedules(world: World): Promise<ServiceSchedule[]> {
  const store = world.emulator.core.store;
  const payments = new Map(
    [...store.v2Payments.values()].filter((p) => p.merchant_code === MERCHANT).map((p) => [p.payment_id, p]),
  );
  const v2 = [...store.v2Schedules.values()].filter((s) => s.merchant_code === MERCHANT);
  return [...(await world.emulator.schedules(MERCHANT)), ...v2.map((s) => v2Schedule(s, payments))];
}

/**
 * What every live billing key is named by: a V1 customer_uid; a V2 billing key (cards.billingKey)
 * and the customer id its window was given (cards.customerUid), which names it before the app has
 * heard of the key — a window completed after its card was removed, or with the browser gone.
 */
export async function liveKeys(world: World): Promise<Set<string>> {
  const v1: BillingKeyWire[] = await world.emulator.billingKeys(MERCHANT);
  const v2 = [...world.emulator.core.store.v2BillingKeys.values()].filter(
    (k) => k.merchant_code === MERCHANT && k.status === 'ISSUED',
  );
  return new Set([
    ...v1.map((k) => k.customer_uid),
    ...v2.flatMap((k) => (k.customer.id ? [k.billing_key, k.customer.id] : [k.billing_key])),
  ]);
}

/**
 * One payment as the app reads it (an operator's console shows it so): through V1's client, or on a
 * V2 run through the app's V2 provider. Status `paid` covers a payment refunded in part.
 */
export async function readPayment(
  world: World,
  impUid: string,
): Promise<{ status: string; amount: number; cancel_amount: number }> {
  if (world.api === 'v1') return world.app.client().payments.get({ imp_uid: impUid });
  const payment = await providerFor('v2').readPayment(impUid);
  return { status: payment.status, amount: payment.amount, cancel_amount: payment.cancelledAmount };
}

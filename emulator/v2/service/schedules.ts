// V2 payment schedules: a billing-key payment booked for `time_to_pay`, run when the merchant's
// virtual clock reaches it (a due-work source beside V1's scheduled charges). A run charges the
// key as POST /payments/{id}/billing-key would and ends SUCCEEDED or FAILED with a payment record.
import { randomUUID } from 'node:crypto';
import type { Emulator } from '../../core/emulator';
import type { V2ScheduleRecord } from '../../core/store/v2-records';
import type { DueWork } from '../../core/time/timeline';
import { V2Error } from '../errors';
import { getBillingKey, usableBillingKey } from './billing-keys';
import { chargeBillingKey } from './key-payments';
import { findPayment, readyPayment, settle, type V2PaymentRequest } from './payments';

export const scheduleNotFound = (id: string) =>
  new V2Error(404, 'PAYMENT_SCHEDULE_NOT_FOUND', `결제 예약 건이 존재하지 않습니다: ${id}`);

export function getSchedule(core: Emulator, merchantCode: string, id: string): V2ScheduleRecord {
  const schedule = core.store.v2Schedules.get(id);
  if (schedule?.merchant_code !== merchantCode) throw scheduleNotFound(id);
  return schedule;
}

/** Books a payment of a billing key; the payment id must be free and have no pending schedule. */
export function createSchedule(core: Emulator, request: V2PaymentRequest, billingKey: string, timeToPay: number) {
  usableBillingKey(core, request.merchantCode, billingKey);
  const existing = findPayment(core, request.merchantCode, request.paymentId);
  if (existing && existing.status !== 'FAILED')
    throw new V2Error(409, 'ALREADY_PAID', `이미 결제된 결제 건입니다: ${request.paymentId}`);
  const pending = core.store.v2SchedulesByMerchant
    .get(request.merchantCode)
    .some((s) => s.payment_id === request.paymentId && s.status === 'SCHEDULED');
  if (pending)
    throw new V2Error(409, 'PAYMENT_SCHEDULE_ALREADY_EXISTS', `이미 예약된 결제 건입니다: ${request.paymentId}`);
  const now = core.now(request.merchantCode);
  return core.store.v2Schedules.put({
    merchant_code: request.merchantCode,
    seq: core.store.nextSeq(),
    id: randomUUID(),
    payment_id: request.paymentId,
    billing_key: billingKey,
    store_id: request.storeId,
    order_name: request.orderName,
    total: request.total,
    tax_free: request.taxFree ?? 0,
    currency: request.currency,
    customer: request.customer ?? {},
    custom_data: request.customData ?? null,
    notice_urls: request.noticeUrls ?? [],
    time_to_pay: timeToPay,
    status: 'SCHEDULED',
    created_at: now,
    started_at: 0,
    completed_at: 0,
    revoked_at: 0,
  });
}

/** Revokes pending schedules by id, or every pending one of a billing key; answers the ids revoked. */
export function revokeSchedules(
  core: Emulator,
  merchantCode: string,
  ids: string[] | null,
  billingKey: string | null,
): string[] {
  if (!ids && billingKey) getBillingKey(core, merchantCode, billingKey);
  const targets = ids
    ? ids.map((id) => getSchedule(core, merchantCode, id))
    : core.store.v2SchedulesByKey.get(`${merchantCode}\n${billingKey ?? ''}`);
  if (ids)
    for (const s of targets) {
      if (s.status === 'REVOKED')
        throw new V2Error(409, 'PAYMENT_SCHEDULE_ALREADY_REVOKED', `이미 취소된 결제 예약 건입니다: ${s.id}`);
      if (s.status !== 'SCHEDULED')
        throw new V2Error(409, 'PAYMENT_SCHEDULE_ALREADY_PROCESSED', `이미 처리된 결제 예약 건입니다: ${s.id}`);
    }
  const now = core.now(merchantCode);
  return targets
    .filter((s) => s.status === 'SCHEDULED')
    .map((s) => core.store.v2Schedules.put({ ...s, status: 'REVOKED', revoked_at: now }).id);
}

/** Runs one due schedule: the charge's outcome is the schedule's. */
export function runSchedule(core: Emulator, schedule: V2ScheduleRecord): V2ScheduleRecord {
  const now = core.now(schedule.merchant_code);
  const merchant = core.merchant(schedule.merchant_code);
  const request: V2PaymentRequest = {
    merchantCode: schedule.merchant_code,
    storeId: schedule.store_id,
    paymentId: schedule.payment_id,
    orderName: schedule.order_name,
    total: schedule.total,
    taxFree: schedule.tax_free,
    currency: schedule.currency,
    customer: schedule.customer,
    customData: schedule.custom_data,
    noticeUrls: schedule.notice_urls,
    scheduleId: schedule.id,
    billingKey: schedule.billing_key,
  };
  const started = core.store.v2Schedules.put({ ...schedule, status: 'STARTED', started_at: now });
  let paid = false;
  try {
    if (!merchant?.v2) throw new V2Error(403, 'FORBIDDEN', 'V2 상점이 없습니다.');
    const key = usableBillingKey(core, schedule.merchant_code, schedule.billing_key);
    paid = chargeBillingKey(core, merchant.v2, key, request).status === 'PAID';
  } catch (error) {
    if (!(error instanceof V2Error)) throw error;
    // The charge could not start (key deleted, payment id paid meanwhile): a failed payment says why.
    // (A payment id paid meanwhile keeps its payment: only the schedule fails.)
    const existing = findPayment(core, schedule.merchant_code, schedule.payment_id);
    if (!existing || existing.status === 'FAILED')
      settle(core, readyPayment(core, request, null), null, { kind: 'refused', reason: error.message });
  }
  return core.store.v2Schedules.put({ ...started, status: paid ? 'SUCCEEDED' : 'FAILED', completed_at: now });
}

/** A merchant's timeline's source of V2 scheduled payments. */
export const v2ScheduledPayments = (core: Emulator, merchantCode: string): DueWork => ({
  next: () => core.store.v2PendingSchedules.next(merchantCode),
  run: (at) => {
    for (const schedule of core.store.v2PendingSchedules.due(merchantCode, at)) runSchedule(core, schedule);
  },
});

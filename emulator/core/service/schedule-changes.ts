// Schedules after booking: a new time for a pending one (PUT …/schedule/{merchant_uid}), a failed or
// revoked one booked again (…/reschedule) or charged at once (…/retry, which runs it as the
// scheduler would: one charge, the result written back, one notice), and a merchant's schedules in
// a time range (GET /subscribe/payments/schedule).

import type { Emulator } from '../emulator';
import type { PaymentRecord, ScheduleRecord, ScheduleStatus } from '../store/records';
import { invalid, notFound } from '../wire/errors';
import { type Body, requiredText } from '../wire/fields';
import type { PageRequest, TimeRange } from '../wire/listing';
import { findBillingKey, UNKNOWN_CUSTOMER } from './billing-keys';
import { executeSchedule } from './scheduled-charges';
import { getSchedule, NOT_RUN } from './schedules';

function readScheduleAt(body: Body, now: number): number {
  const at = Number(requiredText(body, 'schedule_at', { pattern: /^\d{1,12}$/, format: 'UNIX timestamp' }));
  if (at <= now) throw invalid('schedule_at', `현재 시각(${now}) 이후여야 합니다.`);
  return at;
}

/** A schedule that ran and failed, or was revoked: what reschedule and retry take. */
function failedOrRevoked(core: Emulator, merchantCode: string, merchantUid: string): ScheduleRecord {
  const schedule = getSchedule(core, merchantCode, merchantUid);
  if (schedule.schedule_status === 'scheduled')
    throw invalid('merchant_uid', '아직 실행되지 않은 결제예약입니다 (schedule_status: scheduled).');
  // Executed and approved (paid, or refunded since): nothing to retry.
  if (schedule.payment_status !== null && schedule.payment_status !== 'failed')
    throw invalid('merchant_uid', `이미 승인된 결제예약입니다 (payment_status: ${schedule.payment_status}).`);
  return schedule;
}

export function updateScheduleAt(core: Emulator, merchantCode: string, merchantUid: string, body: Body) {
  const schedule = getSchedule(core, merchantCode, merchantUid);
  const at = readScheduleAt(body, core.now(merchantCode));
  if (schedule.schedule_status !== 'scheduled')
    throw invalid(
      'merchant_uid',
      `실행 전(scheduled)이 아닌 결제예약입니다 (schedule_status: ${schedule.schedule_status}).`,
    );
  return core.store.schedules.put({ ...schedule, schedule_at: at });
}

export function reschedule(core: Emulator, merchantCode: string, merchantUid: string, body: Body): ScheduleRecord {
  const schedule = failedOrRevoked(core, merchantCode, merchantUid);
  const at = readScheduleAt(body, core.now(merchantCode));
  return core.store.schedules.put({ ...schedule, schedule_at: at, ...NOT_RUN });
}

export function retrySchedule(core: Emulator, merchantCode: string, merchantUid: string): PaymentRecord {
  const schedule = failedOrRevoked(core, merchantCode, merchantUid);
  if (!findBillingKey(core, merchantCode, schedule.customer_uid)) throw notFound(UNKNOWN_CUSTOMER);
  const executed = executeSchedule(core, schedule);
  const payment = executed.imp_uid === null ? undefined : core.store.payments.get(executed.imp_uid);
  if (!payment) throw new Error(`schedule ${merchantUid} ran without a payment`);
  return payment;
}

export interface ScheduleRangeQuery extends TimeRange, PageRequest {
  status: ScheduleStatus | null;
  /** `scheduled`: earliest schedule_at first; default latest first. */
  earliestFirst: boolean;
}

/** A page of the merchant's schedules with `from <= schedule_at < to`; a page past the end is empty. */
export function schedulesInRange(core: Emulator, merchantCode: string, query: ScheduleRangeQuery): ScheduleRecord[] {
  const inRange = core.store.schedulesByTime
    .between(merchantCode, query.from, query.to)
    .filter((s) => query.status === null || s.schedule_status === query.status);
  if (!query.earliestFirst) inRange.reverse();
  return inRange.slice((query.page - 1) * query.limit, query.page * query.limit);
}

// Payment schedules: book one (POST /payments/{id}/schedule), read one, list, revoke.
import type { V2ScheduleRecord } from '../../core/store/v2-records';
import type { V2Api, V2Context } from '../api';
import { invalidRequest } from '../errors';
import {
  type Json,
  optionalObject,
  optionalString,
  optionalStrings,
  optionalTime,
  paged,
  requiredString,
} from '../fields';
import { createSchedule, getSchedule, revokeSchedules } from '../service/schedules';
import { iso, scheduleWire } from '../wire';
import { paymentRequestOf } from './payment-input';

function book(ctx: V2Context) {
  const payment = optionalObject(ctx.body, 'payment');
  if (!payment) throw invalidRequest('payment: 필수 항목입니다.');
  const timeToPay = optionalTime(ctx.body, 'timeToPay');
  if (timeToPay === null) throw invalidRequest('timeToPay: 필수 항목입니다.');
  const request = paymentRequestOf(ctx, payment);
  const schedule = createSchedule(ctx.core, request, requiredString(payment, 'billingKey', 200), timeToPay);
  return { schedule: { id: schedule.id } };
}

function matches(filter: Json): (s: V2ScheduleRecord) => boolean {
  const billingKey = optionalString(filter, 'billingKey', 200);
  const statuses = optionalStrings(filter, 'status', 6);
  const from = optionalTime(filter, 'from');
  const until = optionalTime(filter, 'until');
  return (s) =>
    (billingKey === null || s.billing_key === billingKey) &&
    (statuses === null || statuses.includes(s.status)) &&
    (from === null || s.time_to_pay >= from) &&
    (until === null || s.time_to_pay < until);
}

const SORT_KEYS: Record<string, (s: V2ScheduleRecord) => number> = {
  CREATED_AT: (s) => s.created_at,
  TIME_TO_PAY: (s) => s.time_to_pay,
  COMPLETED_AT: (s) => s.completed_at,
  STATUS_TIMESTAMP: (s) => Math.max(s.created_at, s.started_at, s.completed_at, s.revoked_at),
};

function list(ctx: V2Context) {
  const filter = optionalObject(ctx.body, 'filter') ?? {};
  const sort = optionalObject(ctx.body, 'sort') ?? {};
  const key = SORT_KEYS[optionalString(sort, 'by', 40) ?? 'TIME_TO_PAY'] ?? SORT_KEYS.TIME_TO_PAY;
  const ascending = optionalString(sort, 'order', 4) !== 'DESC';
  const order = (s: V2ScheduleRecord) => (key?.(s) ?? 0) * 1e9 + s.seq;
  const items = ctx.core.store.v2SchedulesByMerchant
    .get(ctx.merchant.code)
    .filter(matches(filter))
    .sort((a, b) => (ascending ? order(a) - order(b) : order(b) - order(a)));
  return paged(items, ctx.body, scheduleWire);
}

function revoke({ core, merchant, body }: V2Context) {
  const ids = optionalStrings(body, 'scheduleIds', 1000);
  const billingKey = optionalString(body, 'billingKey', 200);
  if (!ids && !billingKey) throw invalidRequest('scheduleIds 또는 billingKey가 필요합니다.');
  const revoked = revokeSchedules(core, merchant.code, ids, billingKey);
  return { revokedScheduleIds: revoked, ...(revoked.length > 0 ? { revokedAt: iso(core.now(merchant.code)) } : {}) };
}

export function scheduleRoutes(api: V2Api): void {
  api.on('POST', '/payments/:paymentId/schedule', book);
  api.on('GET', '/payment-schedules/:paymentScheduleId', ({ core, merchant, params }) =>
    scheduleWire(getSchedule(core, merchant.code, params.paymentScheduleId ?? '')),
  );
  api.on('GET', '/payment-schedules', list);
  api.on('DELETE', '/payment-schedules', revoke);
}

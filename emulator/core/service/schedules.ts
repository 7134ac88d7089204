// Scheduled charges: booked per customer_uid (several each, each its own merchant_uid), kept in a
// time index so the scheduler finds what is due without a scan. Execution is the scheduler's.

import type { Emulator } from '../emulator';
import type { ScheduleRecord, ScheduleStatus } from '../store/records';
import { scoped } from '../store/store';
import { invalid, notFound, rejected } from '../wire/errors';
import { type Body, boundedList, objectAt, optionalText, requiredText, within } from '../wire/fields';
import type { TimeRange } from '../wire/listing';
import { readOrder, resolvePg } from '../wire/order';
import { customerFields, customerUidField, findBillingKey, issueBillingKey } from './billing-keys';
import { hasCardFields, readCard } from './card-input';
import { assertNotPaid } from './payments';
import { assertCardPg } from './wallets';

/** What a pending schedule says of its run: none yet (a rescheduled one says so again). */
export const NOT_RUN = {
  schedule_status: 'scheduled',
  executed_at: 0,
  revoked_at: 0,
  imp_uid: null,
  payment_status: null,
  fail_reason: null,
} as const satisfies Partial<ScheduleRecord>;

/** `schedule`'s own words for a customer_uid without a billing key (`again` says 등록되지 않은 구매자입니다.). */
const NO_CUSTOMER = '등록된 고객정보가 없습니다.';

function readSchedules(core: Emulator, merchantCode: string, customerUid: string, body: Body): ScheduleRecord[] {
  const items = body.schedules;
  if (!Array.isArray(items) || items.length === 0) throw invalid('schedules', '예약 항목이 1개 이상 필요합니다.');
  boundedList(items, 'schedules');
  const now = core.now(merchantCode);
  const seen = new Set<string>();
  return items.map((raw, i) =>
    within(`schedules[${i}]`, () => {
      const item = objectAt(raw, 'item');
      const order = readOrder(item, { nameRequired: true });
      const scheduleAt = Number(requiredText(item, 'schedule_at', { pattern: /^\d+$/, format: 'UNIX timestamp' }));
      if (scheduleAt <= now) throw invalid('schedule_at', `현재 시각(${now}) 이후여야 합니다.`);
      if (seen.has(order.merchant_uid)) throw invalid('merchant_uid', '요청 안에서 중복되었습니다.');
      seen.add(order.merchant_uid);
      return {
        merchant_code: merchantCode,
        seq: 0,
        customer_uid: customerUid,
        ...order,
        name: order.name ?? '',
        schedule_at: scheduleAt,
        ...NOT_RUN,
      };
    }),
  );
}

/** Books every schedule of the request or none: validation comes before any change. */
/** Without card fields the customer is checked first: unknown is code 1 whatever else is wrong. */
export function bookSchedules(core: Emulator, merchantCode: string, body: Body): ScheduleRecord[] {
  const customerUid = customerUidField(body);
  if (!hasCardFields(body) && !findBillingKey(core, merchantCode, customerUid)) throw rejected(NO_CUSTOMER);
  const schedules = readSchedules(core, merchantCode, customerUid, body);
  const card = hasCardFields(body) ? readCard(body, core.now(merchantCode)) : null;
  const pg = resolvePg(optionalText(body, 'pg', { max: 80 }));
  if (card) assertCardPg(pg);
  for (const schedule of schedules) {
    if (core.store.schedules.has(scoped(merchantCode, schedule.merchant_uid))) {
      throw rejected(`이미 예약된 주문번호(merchant_uid)입니다: ${schedule.merchant_uid}`);
    }
    assertNotPaid(core, merchantCode, schedule.merchant_uid);
  }
  if (card) issueBillingKey(core, merchantCode, customerUid, card, customerFields(body), pg);
  return schedules.map((s) => core.store.schedules.put({ ...s, seq: core.store.nextSeq() }));
}

/** Revokes pending schedules of a customer (all, or those named); answers what was revoked. */
export function revokeSchedules(
  core: Emulator,
  merchantCode: string,
  customerUid: string,
  merchantUids: string[] | null,
): ScheduleRecord[] {
  const now = core.now(merchantCode);
  return core.store.schedulesByCustomer
    .get(scoped(merchantCode, customerUid))
    .filter(
      (s) => s.schedule_status === 'scheduled' && (merchantUids === null || merchantUids.includes(s.merchant_uid)),
    )
    .sort((a, b) => a.schedule_at - b.schedule_at || a.seq - b.seq)
    .map((s) => core.store.schedules.put({ ...s, schedule_status: 'revoked', revoked_at: now }));
}

export function unschedule(core: Emulator, merchantCode: string, body: Body): ScheduleRecord[] {
  const customerUid = customerUidField(body);
  const raw = body.merchant_uid;
  const list =
    raw === undefined || raw === null || raw === ''
      ? null
      : boundedList(Array.isArray(raw) ? raw : [raw], 'merchant_uid');
  if (list?.some((item) => typeof item !== 'string'))
    throw invalid('merchant_uid', '문자열 또는 문자열 배열이어야 합니다.');
  const revoked = revokeSchedules(core, merchantCode, customerUid, list as string[] | null);
  if (revoked.length === 0) throw rejected('취소할 예약결제 기록이 존재하지 않습니다.');
  return revoked;
}

export function getSchedule(core: Emulator, merchantCode: string, merchantUid: string): ScheduleRecord {
  const schedule = core.store.schedules.get(scoped(merchantCode, merchantUid));
  if (!schedule) throw notFound('결제예약 내역이 존재하지 않습니다.');
  return schedule;
}

/** A merchant's pending schedules due at or before `until` on its clock, earliest first (the scheduler's query). */
export const dueSchedules = (core: Emulator, merchantCode: string, until: number): ScheduleRecord[] =>
  core.store.pendingSchedules.due(merchantCode, until);

export const SCHEDULE_STATUSES: readonly ScheduleStatus[] = ['scheduled', 'executed', 'revoked'];
/** The Swagger file gives this list no `limit`: pages of 20, as the service's other lists default to. */
export const SCHEDULES_PER_PAGE = 20;

/**
 * A page of one customer's schedules with `from <= schedule_at < to`, optionally in one status,
 * latest schedule_at first; a page past the end is empty.
 */
export function schedulesOfCustomer(
  core: Emulator,
  merchantCode: string,
  customerUid: string,
  query: TimeRange & { status: ScheduleStatus | null; page: number },
): ScheduleRecord[] {
  const start = (query.page - 1) * SCHEDULES_PER_PAGE;
  return core.store.schedulesByCustomer
    .get(scoped(merchantCode, customerUid))
    .filter(
      (s) =>
        s.schedule_at >= query.from &&
        s.schedule_at < query.to &&
        (query.status === null || s.schedule_status === query.status),
    )
    .sort((a, b) => b.schedule_at - a.schedule_at || b.seq - a.seq)
    .slice(start, start + SCHEDULES_PER_PAGE);
}

import 'server-only';
import { z } from 'zod';
import { IamportNotFoundError } from './errors';
import { type Call, segment, withQuery } from './http';
import { classifyPayment, type PaymentOutcome, type Rejected } from './outcomes';
import { options, parseRequest, readPayload } from './parse';
import { type ReadOptions, sandboxQuery } from './payments';
import { paymentSchema } from './schemas/payment';
import { amount, buyerFields, customData, customerUid, merchantUid, unixSeconds, url } from './schemas/request-fields';
import { type Schedule, scheduleListSchema, schedulePageSchema, scheduleSchema } from './schemas/schedule';

/** The service's longest range per request ("최대 3개월"), and its documented page size. */
const MAX_RANGE_SECONDS = 90 * 86_400;
const PAGE_SIZE = 20;

const scheduleItem = z.strictObject({
  /** Each booking its own, new order number. */
  merchant_uid: merchantUid,
  /** When to charge, UNIX seconds on the service's clock (compare with client.serviceNow()). */
  schedule_at: unixSeconds,
  amount,
  name: z.string().min(1, 'must not be empty'),
  ...buyerFields,
  custom_data: customData,
  notice_url: url.optional(),
});
const createRequest = options({
  customer_uid: customerUid,
  schedules: z.array(scheduleItem).min(1, 'book at least one charge'),
});
const revokeRequest = options({
  customer_uid: customerUid,
  /** Omitted: every pending booking of the customer. */
  merchant_uid: z.union([merchantUid, z.array(merchantUid).min(1)]).optional(),
});
const getRequest = options({ merchant_uid: merchantUid });
const customerFields = {
  customer_uid: customerUid,
  /** schedule_at in [from, to): from inclusive, to exclusive. */
  from: unixSeconds,
  to: unixSeconds,
  status: z.enum(['scheduled', 'executed', 'revoked']).optional(),
};
const byCustomerRequest = options({ ...customerFields, page: z.number().int().positive().optional() });
const allByCustomerRequest = options(customerFields);

export type ScheduleOptions = z.input<typeof createRequest>;
export type UnscheduleOptions = z.input<typeof revokeRequest>;
export type GetScheduleOptions = z.input<typeof getRequest>;
export type ListSchedulesOptions = z.input<typeof byCustomerRequest>;
export type ListAllSchedulesOptions = z.input<typeof allByCustomerRequest>;

/** A booked charge read back: still to come, revoked, or what its execution did. */
export type ScheduledCharge = { schedule: Schedule } & (
  | { outcome: 'scheduled' }
  | { outcome: 'revoked' }
  | PaymentOutcome
  | Rejected
);

export function createSchedules(call: Call, read: ReadOptions) {
  /** One page: the schedules and the next page's number (0: none; null: the answer does not say). */
  async function page(input: ListSchedulesOptions) {
    const { customer_uid, from, to, status, page, timeoutMs } = parseRequest(
      'schedules.listByCustomer',
      byCustomerRequest,
      input,
    );
    const query = { from, to, 'schedule-status': status, page };
    const path = withQuery(`/subscribe/payments/schedule/customers/${segment(customer_uid)}`, query);
    return readPayload(await call('GET', path, { timeoutMs }), schedulePageSchema);
  }

  async function get(input: GetScheduleOptions): Promise<Schedule> {
    const { merchant_uid, timeoutMs } = parseRequest('schedules.get', getRequest, input);
    const answer = await call('GET', `/subscribe/payments/schedule/${segment(merchant_uid)}`, { timeoutMs });
    return readPayload(answer, scheduleSchema);
  }

  return {
    /** POST /subscribe/payments/schedule: books charges on a registered card; answers with the bookings. */
    async create(input: ScheduleOptions): Promise<Schedule[]> {
      const { timeoutMs, ...body } = parseRequest('schedules.create', createRequest, input);
      return readPayload(await call('POST', '/subscribe/payments/schedule', { body, timeoutMs }), scheduleListSchema);
    },

    /**
     * POST /subscribe/payments/unschedule: answers with the bookings this call revoked — empty when
     * nothing was revocable (already executed, revoked, or unknown), which the service reports as a
     * non-zero code.
     */
    async revoke(input: UnscheduleOptions): Promise<Schedule[]> {
      const { timeoutMs, ...body } = parseRequest('schedules.revoke', revokeRequest, input);
      const answer = await call('POST', '/subscribe/payments/unschedule', { body, timeoutMs });
      const { envelope } = answer;
      if (answer.status === 200 && envelope && envelope.code !== 0 && envelope.response == null) return [];
      return readPayload(answer, scheduleListSchema);
    },

    /** GET /subscribe/payments/schedule/{merchant_uid}. None → IamportNotFoundError. */
    get,

    /** GET /subscribe/payments/schedule/customers/{customer_uid}: one page (20) of a customer's bookings, latest first. */
    async listByCustomer(input: ListSchedulesOptions): Promise<Schedule[]> {
      return (await page(input)).list;
    },

    /**
     * Every booking of the customer with schedule_at in [from, to): asked for in slices of at most
     * 90 days, each paged through until a page is short (or the answer says there is no next one).
     */
    async listAllByCustomer(input: ListAllSchedulesOptions): Promise<Schedule[]> {
      const { from, to, ...rest } = parseRequest('schedules.listAllByCustomer', allByCustomerRequest, input);
      const found = new Map<string, Schedule>();
      for (let start = from; start < to; start += MAX_RANGE_SECONDS) {
        const end = Math.min(to, start + MAX_RANGE_SECONDS);
        for (let number = 1; ; number += 1) {
          const { list, next } = await page({ ...rest, from: start, to: end, page: number });
          for (const schedule of list) found.set(schedule.merchant_uid, schedule);
          if (list.length < PAGE_SIZE || next === 0) break;
        }
      }
      return [...found.values()];
    },

    /**
     * A booking and, once executed, the outcome of its charge (the payment is read by imp_uid). A
     * payment the service will not show this key is `rejected`: reads leave out test-channel
     * (sandbox) payments unless asked, and one of those moved no money — a charge of a billing key
     * re-issued through a test channel must not pass for a booking that never ran.
     */
    async readCharge(input: GetScheduleOptions): Promise<ScheduledCharge> {
      const schedule = await get(input);
      if (schedule.schedule_status === 'scheduled') return { outcome: 'scheduled', schedule };
      if (schedule.schedule_status === 'revoked') return { outcome: 'revoked', schedule };
      if (schedule.imp_uid === null) {
        return { outcome: 'rejected', code: null, message: schedule.fail_reason ?? 'no payment was made', schedule };
      }
      const path = withQuery(`/payments/${segment(schedule.imp_uid)}`, sandboxQuery(read));
      try {
        const answer = await call('GET', path, { timeoutMs: input.timeoutMs });
        return { ...classifyPayment(readPayload(answer, paymentSchema)), schedule };
      } catch (error) {
        if (!(error instanceof IamportNotFoundError)) throw error;
        return { outcome: 'rejected', code: null, message: '결제 내역을 조회할 수 없는 결제입니다.', schedule };
      }
    },
  };
}

export type SchedulesApi = ReturnType<typeof createSchedules>;

import 'server-only';
import { z } from 'zod';
import { type Call, segment } from './http';
import { classifyPayment, type PaymentOutcome, type Rejected } from './outcomes';
import { options, parseRequest, readPayload } from './parse';
import { paymentSchema } from './schemas/payment';
import { amount, buyerFields, customData, customerUid, merchantUid, unixSeconds, url } from './schemas/request-fields';
import { type Schedule, scheduleListSchema, scheduleSchema } from './schemas/schedule';

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

export type ScheduleOptions = z.input<typeof createRequest>;
export type UnscheduleOptions = z.input<typeof revokeRequest>;
export type GetScheduleOptions = z.input<typeof getRequest>;

/** A booked charge read back: still to come, revoked, or what its execution did. */
export type ScheduledCharge = { schedule: Schedule } & (
  | { outcome: 'scheduled' }
  | { outcome: 'revoked' }
  | PaymentOutcome
  | Rejected
);

export function createSchedules(call: Call) {
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

    /** A booking and, once executed, the outcome of its charge (the payment is read by imp_uid). */
    async readCharge(input: GetScheduleOptions): Promise<ScheduledCharge> {
      const schedule = await get(input);
      if (schedule.schedule_status === 'scheduled') return { outcome: 'scheduled', schedule };
      if (schedule.schedule_status === 'revoked') return { outcome: 'revoked', schedule };
      if (schedule.imp_uid === null) {
        return { outcome: 'rejected', code: null, message: schedule.fail_reason ?? 'no payment was made', schedule };
      }
      const answer = await call('GET', `/payments/${segment(schedule.imp_uid)}`, { timeoutMs: input.timeoutMs });
      return { ...classifyPayment(readPayload(answer, paymentSchema)), schedule };
    },
  };
}

export type SchedulesApi = ReturnType<typeof createSchedules>;

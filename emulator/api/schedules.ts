import { reschedule, retrySchedule, schedulesInRange, updateScheduleAt } from '../core/service/schedule-changes';
import {
  bookSchedules,
  getSchedule,
  SCHEDULE_STATUSES,
  schedulesOfCustomer,
  unschedule,
} from '../core/service/schedules';
import type { ScheduleStatus } from '../core/store/records';
import { paymentWire, scheduleWire } from '../core/wire/answers';
import { type Body, optionalText } from '../core/wire/fields';
import { readPage, readPageNumber, readRange } from '../core/wire/listing';
import { customerUid } from './customer-uid';
import { param, type RestApi, type RestContext } from './rest';

/** `schedule-status` as the Swagger file spells it for a customer's list, `schedule_status` for the range list. */
function scheduleStatusOf(ctx: RestContext): ScheduleStatus | null {
  const query: Body = { 'schedule-status': ctx.query.get('schedule-status') ?? ctx.query.get('schedule_status') };
  const pattern = new RegExp(`^(${SCHEDULE_STATUSES.join('|')})$`);
  return optionalText(query, 'schedule-status', {
    pattern,
    format: SCHEDULE_STATUSES.join(', '),
  }) as ScheduleStatus | null;
}

/** A page of one customer's schedules (from/to required), the same under both of its paths. */
function customerSchedules(ctx: RestContext) {
  const range = readRange(ctx.query, ctx.core.now(ctx.merchant.code), { from: 'from', to: 'to' }, true);
  const query = { ...range, status: scheduleStatusOf(ctx), page: readPageNumber(ctx.query) };
  return schedulesOfCustomer(ctx.core, ctx.merchant.code, customerUid(ctx), query).map(scheduleWire);
}

export function scheduleRoutes(api: RestApi): void {
  // POST /subscribe/payments/schedule — book future charges
  api.on('POST', '/subscribe/payments/schedule', (ctx) =>
    bookSchedules(ctx.core, ctx.merchant.code, ctx.body).map(scheduleWire),
  );
  // GET /subscribe/payments/schedule?schedule_from=&schedule_to= — the merchant's schedules in a range, paged
  api.on('GET', '/subscribe/payments/schedule', (ctx) => {
    const now = ctx.core.now(ctx.merchant.code);
    const range = readRange(ctx.query, now, { from: 'schedule_from', to: 'schedule_to' }, true);
    const sorting = optionalText(Object.fromEntries(ctx.query), 'sorting', {
      pattern: /^-?scheduled$/,
      format: 'scheduled | -scheduled',
    });
    const query = {
      ...range,
      ...readPage(ctx.query),
      status: scheduleStatusOf(ctx),
      earliestFirst: sorting === 'scheduled',
    };
    return schedulesInRange(ctx.core, ctx.merchant.code, query).map(scheduleWire);
  });
  // POST /subscribe/payments/unschedule — revoke pending schedules
  api.on('POST', '/subscribe/payments/unschedule', (ctx) =>
    unschedule(ctx.core, ctx.merchant.code, ctx.body).map(scheduleWire),
  );
  // GET /subscribe/payments/schedule/customers/:customer_uid — a page of one customer's schedules
  api.on('GET', '/subscribe/payments/schedule/customers/:customer_uid', customerSchedules);
  // GET /subscribe/customers/:customer_uid/schedules — the same list under the billing key's path
  api.on('GET', '/subscribe/customers/:customer_uid/schedules', customerSchedules);
  // GET /subscribe/payments/schedule/:merchant_uid — one schedule
  api.on('GET', '/subscribe/payments/schedule/:merchant_uid', (ctx) =>
    scheduleWire(getSchedule(ctx.core, ctx.merchant.code, param(ctx, 'merchant_uid'))),
  );
  // PUT /subscribe/payments/schedule/:merchant_uid — a new schedule_at for a pending schedule
  api.on('PUT', '/subscribe/payments/schedule/:merchant_uid', (ctx) =>
    scheduleWire(updateScheduleAt(ctx.core, ctx.merchant.code, param(ctx, 'merchant_uid'), ctx.body)),
  );
  // POST /subscribe/payments/schedule/:merchant_uid/reschedule — book a failed or revoked schedule again
  api.on('POST', '/subscribe/payments/schedule/:merchant_uid/reschedule', (ctx) =>
    scheduleWire(reschedule(ctx.core, ctx.merchant.code, param(ctx, 'merchant_uid'), ctx.body)),
  );
  // POST /subscribe/payments/schedule/:merchant_uid/retry — charge a failed or revoked schedule now
  api.on('POST', '/subscribe/payments/schedule/:merchant_uid/retry', (ctx) =>
    paymentWire(retrySchedule(ctx.core, ctx.merchant.code, param(ctx, 'merchant_uid')), ctx.baseUrl),
  );
}

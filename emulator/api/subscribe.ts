import { customerFields, deleteBillingKey, getBillingKey, issueBillingKey } from '../core/billing-keys';
import { readCard } from '../core/card-input';
import { invalid } from '../core/errors';
import { type Body, optionalText } from '../core/fields';
import { readPageNumber, readRange } from '../core/listing';
import { resolvePg } from '../core/order';
import { bookSchedules, getSchedule, SCHEDULE_STATUSES, schedulesOfCustomer, unschedule } from '../core/schedules';
import { payAgain, payOnetime } from '../core/subscribe-payments';
import type { ScheduleStatus } from '../core/types';
import { billingKeyWire, paymentWire, scheduleWire } from '../core/wire';
import { param, type RestApi, type RestContext } from './rest';

function customerUid(ctx: RestContext): string {
  const uid = param(ctx, 'customer_uid');
  if (uid.length > 80) throw invalid('customer_uid', '최대 80자까지 입력할 수 있습니다.');
  return uid;
}

/** `schedule-status` as the Swagger file spells it (`schedule_status` accepted too). */
function scheduleStatusOf(ctx: RestContext): ScheduleStatus | null {
  const query: Body = { 'schedule-status': ctx.query.get('schedule-status') ?? ctx.query.get('schedule_status') };
  const pattern = new RegExp(`^(${SCHEDULE_STATUSES.join('|')})$`);
  return optionalText(query, 'schedule-status', {
    pattern,
    format: SCHEDULE_STATUSES.join(', '),
  }) as ScheduleStatus | null;
}

export function subscribeRoutes(api: RestApi): void {
  // POST /subscribe/customers/:customer_uid — register a card, issue its billing key
  api.on('POST', '/subscribe/customers/:customer_uid', (ctx) => {
    const uid = customerUid(ctx);
    const card = readCard(ctx.body, ctx.core.now(ctx.merchant.code));
    const fields = customerFields(ctx.body);
    const pg = resolvePg(optionalText(ctx.body, 'pg', { max: 80 }));
    return billingKeyWire(issueBillingKey(ctx.core, ctx.merchant.code, uid, card, fields, pg));
  });
  // GET /subscribe/customers/:customer_uid — a billing key (404 when unknown)
  api.on('GET', '/subscribe/customers/:customer_uid', (ctx) =>
    billingKeyWire(getBillingKey(ctx.core, ctx.merchant.code, customerUid(ctx))),
  );
  // DELETE /subscribe/customers/:customer_uid — delete a billing key (its pending schedules are revoked)
  api.on('DELETE', '/subscribe/customers/:customer_uid', (ctx) =>
    billingKeyWire(deleteBillingKey(ctx.core, ctx.merchant.code, customerUid(ctx))),
  );
  // POST /subscribe/payments/again — charge a billing key now
  api.on('POST', '/subscribe/payments/again', (ctx) =>
    paymentWire(payAgain(ctx.core, ctx.merchant.code, ctx.body), ctx.baseUrl),
  );
  // POST /subscribe/payments/onetime — key-in payment, optionally issuing a billing key too
  api.on('POST', '/subscribe/payments/onetime', (ctx) =>
    paymentWire(payOnetime(ctx.core, ctx.merchant.code, ctx.body), ctx.baseUrl),
  );
  // POST /subscribe/payments/schedule — book future charges
  api.on('POST', '/subscribe/payments/schedule', (ctx) =>
    bookSchedules(ctx.core, ctx.merchant.code, ctx.body).map(scheduleWire),
  );
  // POST /subscribe/payments/unschedule — revoke pending schedules
  api.on('POST', '/subscribe/payments/unschedule', (ctx) =>
    unschedule(ctx.core, ctx.merchant.code, ctx.body).map(scheduleWire),
  );
  // GET /subscribe/payments/schedule/customers/:customer_uid — a page of one customer's schedules (from/to required)
  api.on('GET', '/subscribe/payments/schedule/customers/:customer_uid', (ctx) => {
    const range = readRange(ctx.query, ctx.core.now(ctx.merchant.code), { from: 'from', to: 'to' }, true);
    const query = { ...range, status: scheduleStatusOf(ctx), page: readPageNumber(ctx.query) };
    return schedulesOfCustomer(ctx.core, ctx.merchant.code, customerUid(ctx), query).map(scheduleWire);
  });
  // GET /subscribe/payments/schedule/:merchant_uid — one schedule
  api.on('GET', '/subscribe/payments/schedule/:merchant_uid', (ctx) =>
    scheduleWire(getSchedule(ctx.core, ctx.merchant.code, param(ctx, 'merchant_uid'))),
  );
}

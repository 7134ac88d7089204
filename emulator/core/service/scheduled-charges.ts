// Executing a schedule when the virtual clock reaches its schedule_at: one charge of the
// customer's billing key (channel api, customer_uid_usage payment.scheduled), the result written
// back to the schedule, and exactly one notice whatever the outcome. Every execution leaves a
// payment record, so the webhook always names an imp_uid the merchant can read back: a charge the
// issuer could not be reached for, or one that could not start (no billing key, order already
// paid), is a failed payment with the reason — the real service records a failed attempt too.

import type { Emulator } from '../emulator';
import type { BillingKeyRecord, PaymentRecord, ScheduleRecord } from '../store/records';
import type { DueWork } from '../time/timeline';
import { type Order, resolvePg } from '../wire/order';
import { countCharge, findBillingKey, UNKNOWN_CUSTOMER } from './billing-keys';
import { chargeKey, type KeyChargeInit, keyMeans } from './key-charge';
import { asFailed, newPayment, paymentsOfOrder, savePayment } from './payments';
import { dueSchedules } from './schedules';

const ALREADY_PAID = '이미 결제가 완료된 주문번호(merchant_uid)입니다.';

/** The schedule's order; buyer fields left out at booking come from the billing key's customer fields. */
function orderOf(s: ScheduleRecord, key: BillingKeyRecord | undefined): Order {
  return {
    merchant_uid: s.merchant_uid,
    amount: s.amount,
    currency: s.currency,
    name: s.name,
    buyer_name: s.buyer_name ?? key?.customer_name ?? null,
    buyer_email: s.buyer_email ?? key?.customer_email ?? null,
    buyer_tel: s.buyer_tel ?? key?.customer_tel ?? null,
    buyer_addr: s.buyer_addr ?? key?.customer_addr ?? null,
    buyer_postcode: s.buyer_postcode ?? key?.customer_postcode ?? null,
    custom_data: s.custom_data,
    notice_urls: s.notice_urls,
  };
}

function charge(core: Emulator, s: ScheduleRecord): PaymentRecord {
  const key = findBillingKey(core, s.merchant_code, s.customer_uid);
  const init: KeyChargeInit = {
    order: orderOf(s, key),
    channel: 'api',
    customer_uid: s.customer_uid,
    customer_uid_usage: 'payment.scheduled',
    sandbox: key?.sandbox === true,
  };
  const means = key ? keyMeans(key) : { pay_method: 'card', card: null };
  const failed = (reason: string) =>
    savePayment(
      core,
      asFailed(
        newPayment(core, s.merchant_code, { ...init, ...means, pg: key ?? resolvePg(null) }),
        core.now(s.merchant_code),
        reason,
      ),
    );
  if (!key) return failed(UNKNOWN_CUSTOMER);
  if (paymentsOfOrder(core, s.merchant_code, s.merchant_uid, 'paid').length > 0) return failed(ALREADY_PAID);
  const result = chargeKey(core, key, init);
  if (result.outcome === 'unreachable') return failed(result.reason);
  countCharge(core, key);
  return result.payment;
}

/** Runs one schedule now (the caller makes sure it is due and may run: pending, or retried). */
export function executeSchedule(core: Emulator, schedule: ScheduleRecord): ScheduleRecord {
  const payment = charge(core, schedule);
  const executed = core.store.schedules.put({
    ...schedule,
    schedule_status: 'executed',
    executed_at: core.now(schedule.merchant_code),
    imp_uid: payment.imp_uid,
    payment_status: payment.status,
    fail_reason: payment.fail_reason,
  });
  // A paid payment was announced by savePayment; any other outcome is announced here.
  if (payment.status !== 'paid') {
    core.notify({
      merchant_code: payment.merchant_code,
      imp_uid: payment.imp_uid,
      merchant_uid: payment.merchant_uid,
      status: payment.status,
      notice_urls: payment.notice_urls,
    });
  }
  return executed;
}

/**
 * A merchant's timeline's source of scheduled charges: the pending-schedule time index answers the
 * next due time and what is due, so the cost follows what is due, not what is stored. Execution is
 * synchronous and takes the schedule out of the index, so nothing can run it twice.
 */
export const scheduledCharges = (core: Emulator, merchantCode: string): DueWork => ({
  next: () => core.store.pendingSchedules.next(merchantCode),
  run: (at) => {
    for (const schedule of dueSchedules(core, merchantCode, at)) executeSchedule(core, schedule);
  },
});

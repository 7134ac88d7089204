import 'server-only';
import { eq } from 'drizzle-orm';
import { activeUser } from '@/lib/accounts/users';
import { getDb } from '@/lib/db/client';
import { subscriptions, users } from '@/lib/db/schema';
import { notFound, refusals } from '@/lib/http/errors';
import { IamportError, iamport } from '@/lib/iamport';
import { bookCharge, revokeBooking } from '@/lib/subscriptions/booking';
import { cancelSubscriptionNow } from '@/lib/subscriptions/cancel-now';
import { readBooking, settleExecution } from '@/lib/subscriptions/executions';
import { cancelSubscription } from '@/lib/subscriptions/manage';
import { renewalOf } from '@/lib/subscriptions/periods';
import { findPlan } from '@/lib/subscriptions/plans';
import {
  findSubscription,
  insertCharge,
  openChargeOf,
  type Subscription,
  updateCharge,
} from '@/lib/subscriptions/repository';
import { appendAudit } from '../audit';
import type { Operator } from '../operators';

// Operators' actions on a subscription (admin). Where an action's effect here is a decision the
// service then carries out (a booking), the decision and its audit row commit together and the
// booking follows the commit, as everywhere else (a failed booking stays `to_book` for
// reconciliation). Cancelling goes through the customer's own path (lib/subscriptions/manage).

export const refuseOps = refusals({
  not_cancellable: [409, '해지할 수 있는 구독이 아닙니다.'],
  nothing_to_retry: [409, '다시 시도할 실패한 정기결제가 없습니다.'],
  already_ran: [409, '예약된 재시도가 이미 실행되었습니다. 새로 고쳐 결과를 확인해 주세요.'],
  booking_present: [409, '결제 서비스에 예약이 이미 있습니다.'],
  not_bookable: [409, '예약할 수 있는 구독이 아닙니다 (해지 예정이거나 종료됨).'],
  service_unavailable: [503, '결제 서비스에 연결하지 못했습니다. 잠시 후 다시 시도해 주세요.'],
});

async function load(id: string): Promise<Subscription> {
  const subscription = await findSubscription(id);
  if (!subscription) throw notFound('구독을 찾을 수 없습니다.');
  return subscription;
}

/** The customer's own cancel (at the end of the paid period; in dunning at once), then the audit row. */
export async function cancelAtPeriodEndForOps(
  operator: Operator,
  id: string,
  note: string,
): Promise<{ status: string }> {
  const subscription = await load(id);
  const db = await getDb();
  const customer = activeUser(await db.query.users.findFirst({ where: eq(users.id, subscription.userId) }));
  if (!customer) throw notFound('구독의 고객을 찾을 수 없습니다.');
  if (subscription.status !== 'active' && subscription.status !== 'past_due') throw refuseOps('not_cancellable');
  await cancelSubscription(customer, id);
  // The customer's path commits its own steps (and talks to the service between them); the audit
  // row is written once it succeeded, with what the subscription says now.
  return db.transaction(async (tx) => {
    const [now] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
    await appendAudit(tx, operator, {
      action: 'subscription.cancel_at_period_end',
      targetType: 'subscription',
      targetId: id,
      note: note || null,
      result: now?.status === 'cancelled' ? 'ended now (was in dunning)' : `ends at ${now?.currentPeriodEnd ?? '?'}`,
    });
    return { status: now?.status ?? subscription.status };
  });
}

/**
 * Ends the subscription now and refunds the unused part of its period, pro rata — the customer's
 * own path (lib/subscriptions/cancel-now: the booking revoked, a partial refund with checksum, a
 * lost answer resolved from the service's record). Like cancel at period end, it talks to the
 * service between its steps, so the audit row follows its success, with the refund it made.
 */
export async function cancelNowForOps(
  operator: Operator,
  id: string,
  note: string,
): Promise<{ status: string; refunded: number }> {
  await load(id);
  const { refunded, subscription } = await cancelSubscriptionNow(id, {
    actor: { kind: 'operator', name: operator.email },
  });
  const db = await getDb();
  await db.transaction(async (tx) => {
    await appendAudit(tx, operator, {
      action: 'subscription.cancel_now',
      targetType: 'subscription',
      targetId: id,
      amount: refunded,
      note: note || null,
      result: `ended now; refunded ${refunded}`,
    });
  });
  return { status: subscription.status, refunded };
}

/** A renewal in dunning charged now instead of at its booked retry time (e.g. after a card change). */
export async function retryRenewalNow(operator: Operator, id: string, note: string): Promise<{ merchantUid: string }> {
  const subscription = await load(id);
  const open = await openChargeOf(id);
  if (subscription.status !== 'past_due' || open?.kind !== 'retry' || open.status !== 'scheduled') {
    throw refuseOps('nothing_to_retry');
  }
  try {
    if ((await revokeBooking(open)) === 'ran') {
      await settleExecution(open);
      throw refuseOps('already_ran');
    }
  } catch (error) {
    if (error instanceof IamportError) throw refuseOps('service_unavailable');
    throw error;
  }
  const now = await iamport().serviceNow({ fresh: true });
  const db = await getDb();
  const again = await db.transaction(async (tx) => {
    await updateCharge(open.id, ['scheduled'], { status: 'revoked' }, tx);
    const { id: _id, merchantUid: _m, createdAt: _c, ...same } = open;
    const charge = await insertCharge({ ...same, status: 'to_book', scheduleAt: now }, tx);
    if (!charge) throw refuseOps('booking_present');
    await appendAudit(tx, operator, {
      action: 'subscription.retry_now',
      targetType: 'subscription',
      targetId: id,
      amount: charge.amount,
      note: note || null,
      result: `retry ${charge.attempt} booked now as ${charge.merchantUid} (was ${open.merchantUid} at ${open.scheduleAt})`,
    });
    return charge;
  });
  await bookCharge(again, subscription);
  return { merchantUid: again.merchantUid };
}

/**
 * Books the next renewal of a live subscription whose booking is missing at the service (never
 * made, lost, or revoked there behind our back).
 */
export async function rebookMissing(operator: Operator, id: string, note: string): Promise<{ merchantUid: string }> {
  const subscription = await load(id);
  const live = subscription.status === 'active' || subscription.status === 'past_due';
  if (!live || subscription.cancelAtPeriodEnd) throw refuseOps('not_bookable');
  const open = await openChargeOf(id);
  let gone = !open;
  if (open) {
    try {
      const read = await readBooking(open.merchantUid);
      gone = open.status === 'scheduled' && (read.outcome === 'missing' || read.outcome === 'revoked');
    } catch (error) {
      if (error instanceof IamportError) throw refuseOps('service_unavailable');
      throw error;
    }
  }
  if (!gone) throw refuseOps('booking_present');
  const db = await getDb();
  const card = await db.query.cards.findFirst({ where: (t, { eq: is }) => is(t.id, subscription.cardId) });
  if (card?.status !== 'active') throw refuseOps('not_bookable', '구독 카드가 삭제되어 예약할 수 없습니다.');
  const plan = findPlan(subscription.planId);
  if (!plan) throw refuseOps('not_bookable', '알 수 없는 요금제라 예약할 수 없습니다.');
  const now = await iamport().serviceNow({ fresh: true });
  const charge = await db.transaction(async (tx) => {
    if (open) await updateCharge(open.id, ['scheduled'], { status: 'revoked' }, tx);
    const next = open
      ? (({ id: _i, merchantUid: _m, createdAt: _c, ...same }) => same)(open)
      : renewalOf(subscription.currentPeriodEnd ?? now, plan.period, subscription.amount, now);
    const inserted = await insertCharge(
      {
        ...next,
        subscriptionId: id,
        customerUid: card.customerUid,
        status: 'to_book',
        scheduleAt: Math.max(next.scheduleAt ?? now, now),
      },
      tx,
    );
    if (!inserted) throw refuseOps('booking_present');
    await appendAudit(tx, operator, {
      action: 'subscription.rebook',
      targetType: 'subscription',
      targetId: id,
      amount: inserted.amount,
      note: note || null,
      result: `booked ${inserted.merchantUid} at ${inserted.scheduleAt}${open ? ` (replacing ${open.merchantUid})` : ''}`,
    });
    return inserted;
  });
  await bookCharge(charge, subscription);
  return { merchantUid: charge.merchantUid };
}

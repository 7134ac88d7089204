import 'server-only';
import { eq } from 'drizzle-orm';
import { findUserById } from '@/lib/accounts';
import { appendAudit } from '@/lib/audit';
import { getDb, subscriptions } from '@/lib/db';
import { notFound, refusals } from '@/lib/http';
import {
  cancelSubscription,
  cancelSubscriptionNow,
  findSubscription,
  isLive,
  OperatorActionRefused,
  rebookMissing as rebookAtService,
  retryRenewalNow as retryAtService,
  type Subscription,
} from '@/lib/subscriptions';
import type { Operator } from '../operators';

// Operators' actions on a subscription (admin), through lib/subscriptions' public entry point.
// Where an action's effect is a decision the service then carries out (a booking), the decision and
// its audit row commit together; cancelling goes through the customer's own path.

export const refuseOps = refusals({
  not_cancellable: [409, '해지할 수 있는 구독이 아닙니다.'],
  nothing_to_retry: [409, '다시 시도할 실패한 정기결제가 없습니다.'],
  already_ran: [409, '예약된 재시도가 이미 실행되었습니다. 새로 고쳐 결과를 확인해 주세요.'],
  booking_present: [409, '결제 서비스에 예약이 이미 있습니다.'],
  not_bookable: [409, '예약할 수 있는 구독이 아닙니다 (해지 예정이거나 종료됨).'],
});

async function load(id: string): Promise<Subscription> {
  const subscription = await findSubscription(id);
  if (!subscription) throw notFound('구독을 찾을 수 없습니다.');
  return subscription;
}

async function refusedAs<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof OperatorActionRefused) throw refuseOps(error.reason, error.detail);
    throw error;
  }
}

/** The customer's own cancel (at the end of the paid period; in dunning at once), then the audit row. */
export async function cancelAtPeriodEndForOps(
  operator: Operator,
  id: string,
  note: string,
): Promise<{ status: string }> {
  const subscription = await load(id);
  const db = await getDb();
  const customer = await findUserById(subscription.userId);
  if (!customer) throw notFound('구독의 고객을 찾을 수 없습니다.');
  if (!isLive(subscription)) throw refuseOps('not_cancellable');
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
 * own path (the booking revoked, a promised partial refund with checksum, a lost answer resolved
 * from the service's record). It talks to the service between its steps, so the audit row follows
 * its success, with the refund it made.
 */
export async function cancelNowForOps(
  operator: Operator,
  id: string,
  note: string,
): Promise<{ status: string; refunded: number }> {
  await load(id);
  const { refunded, subscription, already } = await cancelSubscriptionNow(id, {
    actor: { kind: 'operator', name: operator.email },
  });
  // Ended by an earlier request (a colleague, a second click): answered with its refund, audited once.
  if (already) return { status: subscription.status, refunded };
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
  const charge = await refusedAs(() =>
    retryAtService(subscription, (tx, retry, replaced) =>
      appendAudit(tx, operator, {
        action: 'subscription.retry_now',
        targetType: 'subscription',
        targetId: id,
        amount: retry.amount,
        note: note || null,
        result: `retry ${retry.attempt} booked now as ${retry.merchantUid} (was ${replaced?.merchantUid} at ${replaced?.scheduleAt})`,
      }),
    ),
  );
  return { merchantUid: charge.merchantUid };
}

/** Books the next renewal of a live subscription whose booking is missing at the service. */
export async function rebookMissing(operator: Operator, id: string, note: string): Promise<{ merchantUid: string }> {
  const subscription = await load(id);
  const charge = await refusedAs(() =>
    rebookAtService(subscription, (tx, booked, replaced) =>
      appendAudit(tx, operator, {
        action: 'subscription.rebook',
        targetType: 'subscription',
        targetId: id,
        amount: booked.amount,
        note: note || null,
        result: `booked ${booked.merchantUid} at ${booked.scheduleAt}${replaced ? ` (replacing ${replaced.merchantUid})` : ''}`,
      }),
    ),
  );
  return { merchantUid: charge.merchantUid };
}

import 'server-only';
import { findCard } from '@/lib/cards';
import { type Db, getDb } from '@/lib/db';
import { iamport } from '@/lib/iamport';
import { bookCharge, revokeBooking } from './booking';
import { readBooking, settleExecution } from './executions';
import { isLive } from './lifecycle';
import { renewalOf } from './periods';
import { findPlan } from './plans';
import { insertCharge, openChargeOf, type Subscription, type SubscriptionCharge, updateCharge } from './repository';

// What the console's operators may do to a subscription's bookings (lib/ops/subscriptions calls
// these through index.ts). The decision commits with the operator's audit row (`audit`, in the same
// transaction); the booking follows the commit, as everywhere else — one that fails stays `to_book`
// for reconciliation.

export type ActionRefusal = 'nothing_to_retry' | 'already_ran' | 'booking_present' | 'not_bookable';

/** Refused, with why (the console maps it to its message). */
export class OperatorActionRefused extends Error {
  constructor(
    readonly reason: ActionRefusal,
    readonly detail?: string,
  ) {
    super(detail ?? reason);
  }
}

/** Writes the operator's audit row in the transaction of the decision (the new charge, and the one it replaces). */
type Audit = (tx: Pick<Db, 'insert'>, charge: SubscriptionCharge, replaced?: SubscriptionCharge) => Promise<void>;

/** A renewal in dunning charged now instead of at its booked retry time (e.g. after a card change). */
export async function retryRenewalNow(subscription: Subscription, audit: Audit): Promise<SubscriptionCharge> {
  const open = await openChargeOf(subscription.id);
  if (subscription.status !== 'past_due' || open?.kind !== 'retry' || open.status !== 'scheduled') {
    throw new OperatorActionRefused('nothing_to_retry');
  }
  // A service that cannot be asked is the route wrapper's 503.
  if ((await revokeBooking(open)) === 'ran') {
    await settleExecution(open);
    throw new OperatorActionRefused('already_ran');
  }
  const now = await iamport().serviceNow({ fresh: true });
  const db = await getDb();
  const again = await db.transaction(async (tx) => {
    await updateCharge(open.id, ['scheduled'], { status: 'revoked' }, tx);
    const { id: _id, merchantUid: _m, createdAt: _c, ...same } = open;
    const charge = await insertCharge({ ...same, status: 'to_book', scheduleAt: now }, tx);
    if (!charge) throw new OperatorActionRefused('booking_present');
    await audit(tx, charge, open);
    return charge;
  });
  await bookCharge(again, subscription);
  return again;
}

/**
 * Books the next renewal of a live subscription whose booking is missing at the service (never
 * made, lost, or revoked there behind our back).
 */
export async function rebookMissing(subscription: Subscription, audit: Audit): Promise<SubscriptionCharge> {
  if (!isLive(subscription) || subscription.cancelAtPeriodEnd) throw new OperatorActionRefused('not_bookable');
  const open = await openChargeOf(subscription.id);
  let gone = !open;
  if (open) {
    const read = await readBooking(open);
    gone = open.status === 'scheduled' && (read.outcome === 'missing' || read.outcome === 'revoked');
  }
  if (!gone) throw new OperatorActionRefused('booking_present');
  const db = await getDb();
  const card = await findCard(subscription.cardId);
  if (card?.status !== 'active')
    throw new OperatorActionRefused('not_bookable', '구독 카드가 삭제되어 예약할 수 없습니다.');
  const plan = findPlan(subscription.planId);
  if (!plan) throw new OperatorActionRefused('not_bookable', '알 수 없는 요금제라 예약할 수 없습니다.');
  const now = await iamport().serviceNow({ fresh: true });
  const charge = await db.transaction(async (tx) => {
    if (open) await updateCharge(open.id, ['scheduled'], { status: 'revoked' }, tx);
    const next = open
      ? (({ id: _i, merchantUid: _m, createdAt: _c, ...same }) => same)(open)
      : renewalOf(
          subscription.currentPeriodEnd ?? now,
          plan.period,
          subscription.amount,
          now,
          subscription.billingAnchor ?? subscription.currentPeriodEnd ?? now,
        );
    const inserted = await insertCharge(
      {
        ...next,
        subscriptionId: subscription.id,
        customerUid: card.customerUid,
        status: 'to_book',
        scheduleAt: Math.max(next.scheduleAt ?? now, now),
      },
      tx,
    );
    if (!inserted) throw new OperatorActionRefused('booking_present');
    await audit(tx, inserted, open);
    return inserted;
  });
  await bookCharge(charge, subscription);
  return charge;
}

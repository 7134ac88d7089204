import 'server-only';
import { findUserById } from '@/lib/accounts';
import { findCardByCustomerUid } from '@/lib/cards';
import { IamportApiError, IamportError, IamportNotFoundError, iamport } from '@/lib/iamport';
import { log } from '@/lib/log';
import { buyerOf } from '@/lib/payments';
import { ProviderError, providerFor } from '@/lib/provider';
import { trialConsentCounts } from './consent-window';
import { inTrial, isEnded, stopping } from './lifecycle';
import { priceGate } from './price-gate';
import {
  findSubscription,
  insertCharge,
  type Subscription,
  type SubscriptionCharge,
  updateCharge,
  updateSubscription,
} from './repository';

/** The service books only future charges; one due already (a repair) is booked this soon instead. */
const CATCH_UP_SECONDS = 60;

/**
 * Books a decided charge (`to_book`) at the service and marks it `scheduled`. Safe to repeat: a
 * merchant_uid the service already holds is read back instead of booked twice. Service trouble
 * leaves it `to_book` for the next webhook or the reconciliation job; answers whether it is booked.
 * A charge due already is caught up only while its period still runs: one whose period is over is
 * given up (`revoked`), never charged — whoever decides next books from the service's now.
 */
export async function bookCharge(charge: SubscriptionCharge, subscription: Subscription): Promise<boolean> {
  if (charge.status !== 'to_book' || charge.scheduleAt === null) return charge.status === 'scheduled';
  const client = iamport();
  try {
    const current = await findSubscription(charge.subscriptionId);
    if (!current || cancelledSince(current)) {
      // Revoked there too: an earlier attempt may have booked it with only the answer lost.
      if (await updateCharge(charge.id, ['to_book'], { status: 'revoked', failReason: CANCELLED })) {
        await revokeBooking(charge);
      }
      return false;
    }
    // A free trial turns paid only with the customer's consent inside the 30 days before (consent-window.ts).
    if (!trialMayConvert(current, charge)) {
      if (await updateCharge(charge.id, ['to_book'], { status: 'revoked', failReason: NO_TRIAL_CONSENT })) {
        await updateSubscription(current.id, stopping('trial_not_converted'), ['active', 'past_due']);
        await revokeBooking(charge);
      }
      return false;
    }
    const soonest = (await client.serviceNow()) + CATCH_UP_SECONDS;
    if (charge.scheduleAt < soonest && charge.periodEnd !== null && charge.periodEnd <= soonest) {
      await updateCharge(charge.id, ['to_book'], {
        status: 'revoked',
        failReason: '기간이 지난 결제라 하지 않았습니다.',
      });
      return false;
    }
    // A new price applies only with the subscriber's consent (price-gate.ts); without, nothing is booked.
    const priced = await priceGate(charge, current);
    if (!priced) return false;
    charge = priced;
    const scheduleAt = Math.max(charge.scheduleAt ?? soonest, soonest);
    const buyer = await findUserById(subscription.userId);
    if (charge.api === 'v2') {
      const scheduleId = await bookOnV2(charge, subscription, scheduleAt, buyer);
      if (!scheduleId) return false;
      if (await updateCharge(charge.id, ['to_book'], { status: 'scheduled', scheduleAt, scheduleId })) return true;
      await revokeBooking({ ...charge, scheduleId });
      return false;
    }
    try {
      await client.schedules.create({
        customer_uid: charge.customerUid,
        schedules: [
          {
            merchant_uid: charge.merchantUid,
            schedule_at: scheduleAt,
            amount: charge.amount,
            name: subscription.planName,
            ...(buyer && buyerOf(buyer)),
          },
        ],
      });
    } catch (error) {
      // Refused: perhaps an earlier attempt booked it and only its answer was lost.
      if (!(error instanceof IamportApiError) || !(await alreadyBooked(charge.merchantUid))) throw error;
    }
    if (await updateCharge(charge.id, ['to_book'], { status: 'scheduled', scheduleAt })) return true;
    // Revoked here while the booking was on its way (a cancel, a card change): undo it there too.
    await revokeBooking(charge);
    return false;
  } catch (error) {
    if (error instanceof IamportError || error instanceof ProviderError) {
      log.warn({ merchantUid: charge.merchantUid, reason: error.message }, 'booking failed; left for reconciliation');
      return false;
    }
    throw error;
  }
}

const CANCELLED = '구독이 해지되어 예약하지 않았습니다.';
const NO_TRIAL_CONSENT = '유료 전환 동의가 없어 결제하지 않았습니다.';

/**
 * Whether the subscription was cancelled (at period end, or ended) after this charge was decided:
 * a resume or a card change racing a cancel decides from a view older than the cancel. Read
 * afresh after the charge row exists, so a cancel either finds the charge (and revokes it) or is
 * seen here — a booking made now would charge after the customer was told nothing more would be.
 */
const cancelledSince = (now: Subscription) => now.cancelAtPeriodEnd || isEnded(now);

/** A charge that would turn a free trial paid needs a consent given inside the 30 days before it. */
const trialMayConvert = (subscription: Subscription, charge: SubscriptionCharge) =>
  !inTrial(subscription) ||
  charge.kind === 'first' ||
  trialConsentCounts(subscription, charge.periodStart ?? charge.scheduleAt ?? 0);

async function alreadyBooked(merchantUid: string): Promise<boolean> {
  const status = await scheduleStatus(merchantUid);
  return status !== 'revoked' && status !== 'missing';
}

/**
 * Takes a booking back at the service: `revoked` when it will not run (revoked now or before, or
 * never made), `ran` when it had already run (its payment must be settled). Throws when the
 * service cannot be asked. A charge still `to_book` is asked about too: its booking may have been
 * made with only the answer lost. A refusal while the booking still waits is unknown, not "ran":
 * asked once more, then given up here — if it runs anyway, its payment is refunded.
 */
export async function revokeBooking(charge: SubscriptionCharge): Promise<'revoked' | 'ran'> {
  if (charge.api === 'v2') return revokeOnV2(charge);
  const client = iamport();
  for (let attempt = 0; attempt < 2; attempt++) {
    const revoked = await client.schedules.revoke({
      customer_uid: charge.customerUid,
      merchant_uid: charge.merchantUid,
    });
    if (revoked.length > 0) return 'revoked';
    const status = await scheduleStatus(charge.merchantUid);
    if (status !== 'scheduled') return status === 'executed' ? 'ran' : 'revoked';
  }
  log.warn({ merchantUid: charge.merchantUid }, 'unschedule refused while it waits; given up, refunded if it runs');
  return 'revoked';
}

async function scheduleStatus(merchantUid: string) {
  try {
    return (await iamport().schedules.get({ merchant_uid: merchantUid })).schedule_status;
  } catch (error) {
    if (error instanceof IamportNotFoundError) return 'missing';
    throw error;
  }
}

/**
 * Books a charge again under a new merchant_uid, for `customerUid` (the subscription's card now):
 * after a card change revoked it, or when the service lost or revoked it behind our back.
 */
export async function rebook(charge: SubscriptionCharge, subscription: Subscription, customerUid: string) {
  const { id: _id, merchantUid: _merchantUid, createdAt: _createdAt, ...same } = charge;
  const again = await insertCharge({ ...same, customerUid, status: 'to_book' });
  return again ? bookCharge(again, subscription) : false;
}

/** The V2 billing key of the card a charge is for (the charge names the card by its customer_uid). */
const v2KeyOf = async (charge: SubscriptionCharge) => (await findCardByCustomerUid(charge.customerUid))?.billingKey;

/**
 * V2: POST /payments/{paymentId}/schedule with our merchant_uid as the paymentId; answers the
 * service's schedule id, which reads and revokes the booking. No key on file: nothing booked.
 */
async function bookOnV2(
  charge: SubscriptionCharge,
  subscription: Subscription,
  at: number,
  buyer: { name: string; email: string } | undefined,
): Promise<string | undefined> {
  const key = await v2KeyOf(charge);
  if (!key) {
    log.warn({ merchantUid: charge.merchantUid }, 'no V2 billing key for the charge; not booked');
    return undefined;
  }
  const booked = await providerFor('v2').schedule({
    key,
    orderId: charge.merchantUid,
    amount: charge.amount,
    orderName: subscription.planName,
    buyer: buyer && { name: buyer.name, email: buyer.email },
    at,
  });
  return booked.scheduleId;
}

/**
 * V2's revoke, with V1's answer: `revoked` when it will not run (revoked now or before, or never
 * booked as far as this server knows — one whose answer was lost is refunded if it runs), `ran`
 * when its charge was already made or refused.
 */
async function revokeOnV2(charge: SubscriptionCharge): Promise<'revoked' | 'ran'> {
  if (!charge.scheduleId) return 'revoked';
  const service = providerFor('v2');
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await service.revokeSchedule({ key: (await v2KeyOf(charge)) ?? '', scheduleId: charge.scheduleId })) {
      return 'revoked';
    }
    const read = await service.readSchedule(charge.scheduleId);
    if (read.outcome !== 'scheduled') return read.outcome === 'revoked' ? 'revoked' : 'ran';
  }
  log.warn({ merchantUid: charge.merchantUid }, 'unschedule refused while it waits; given up, refunded if it runs');
  return 'revoked';
}

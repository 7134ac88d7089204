import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { IamportApiError, IamportError, IamportNotFoundError, iamport } from '@/lib/iamport';
import { insertCharge, type Subscription, type SubscriptionCharge, updateCharge } from './repository';

/** The service books only future charges; one due already (a repair) is booked this soon instead. */
const CATCH_UP_SECONDS = 60;

/**
 * Books a decided charge (`to_book`) at the service and marks it `scheduled`. Safe to repeat: a
 * merchant_uid the service already holds is read back instead of booked twice. Service trouble
 * leaves it `to_book` for the next webhook or the reconciliation job; answers whether it is booked.
 */
export async function bookCharge(charge: SubscriptionCharge, subscription: Subscription): Promise<boolean> {
  if (charge.status !== 'to_book' || charge.scheduleAt === null) return charge.status === 'scheduled';
  const client = iamport();
  try {
    const scheduleAt = Math.max(charge.scheduleAt, (await client.serviceNow()) + CATCH_UP_SECONDS);
    const db = await getDb();
    const buyer = await db.query.users.findFirst({ where: eq(users.id, subscription.userId) });
    try {
      await client.schedules.create({
        customer_uid: charge.customerUid,
        schedules: [
          {
            merchant_uid: charge.merchantUid,
            schedule_at: scheduleAt,
            amount: charge.amount,
            name: subscription.planName,
            buyer_name: buyer?.name.slice(0, 16),
            buyer_email: buyer?.email,
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
    if (error instanceof IamportError) {
      console.warn(`booking ${charge.merchantUid} failed; left for reconciliation: ${error.message}`);
      return false;
    }
    throw error;
  }
}

async function alreadyBooked(merchantUid: string): Promise<boolean> {
  try {
    return (await iamport().schedules.get({ merchant_uid: merchantUid })).schedule_status !== 'revoked';
  } catch (error) {
    if (error instanceof IamportNotFoundError) return false;
    throw error;
  }
}

/**
 * Revokes a booking at the service. True when it is revoked (now or before) or was never made;
 * false when it had already run, so its payment will settle it. Throws when the service cannot be
 * asked. A charge still `to_book` is asked about too: its booking may have been made with only
 * the answer lost.
 */
export async function revokeBooking(charge: SubscriptionCharge): Promise<boolean> {
  const client = iamport();
  const revoked = await client.schedules.revoke({ customer_uid: charge.customerUid, merchant_uid: charge.merchantUid });
  if (revoked.length > 0) return true;
  try {
    return (await client.schedules.get({ merchant_uid: charge.merchantUid })).schedule_status === 'revoked';
  } catch (error) {
    if (error instanceof IamportNotFoundError) return true;
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

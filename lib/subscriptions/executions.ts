import 'server-only';
import { IamportNotFoundError, iamport, type PaymentOutcome } from '@/lib/iamport';
import type { Settlement } from '@/lib/payments/client';
import { asV1Payment, ProviderNotFoundError, providerFor } from '@/lib/provider';
import type { SubscriptionCharge } from './repository';
import { type ChargeOutcome, outcomeOf, settleCharge } from './settle';

/** A booking as the service holds it, on the charge's API: waiting, revoked, never there, or what its run came to. */
export type Booking =
  | { outcome: 'scheduled' }
  | { outcome: 'revoked' }
  | { outcome: 'missing' }
  | PaymentOutcome
  /** Run, and refused with nothing charged (service clock). */
  | { outcome: 'rejected'; message: string; at: number };

type Booked = Pick<SubscriptionCharge, 'merchantUid' | 'api' | 'scheduleId'>;

/**
 * A booking as the service holds it, or `missing` when it never got there. V1 finds it by our
 * merchant_uid; V2 by the schedule id it answered the booking with (none kept: never booked, as far
 * as this server knows).
 */
export async function readBooking(charge: Booked): Promise<Booking> {
  if (charge.api === 'v2') return readV2Booking(charge.scheduleId);
  try {
    const read = await iamport().schedules.readCharge({ merchant_uid: charge.merchantUid });
    return read.outcome === 'rejected'
      ? { outcome: 'rejected', message: read.message, at: read.schedule.executed_at }
      : read;
  } catch (error) {
    if (error instanceof IamportNotFoundError) return { outcome: 'missing' };
    throw error;
  }
}

async function readV2Booking(scheduleId: string | null): Promise<Booking> {
  if (!scheduleId) return { outcome: 'missing' };
  try {
    const read = await providerFor('v2').readSchedule(scheduleId);
    switch (read.outcome) {
      case 'scheduled':
      case 'revoked':
        return { outcome: read.outcome };
      case 'rejected':
        return { outcome: 'rejected', message: read.message, at: await providerFor('v2').serviceNow() };
      case 'declined':
        return { outcome: 'declined', payment: asV1Payment(read.payment), reason: read.reason };
      default:
        return { outcome: read.outcome, payment: asV1Payment(read.payment) };
    }
  } catch (error) {
    if (error instanceof ProviderNotFoundError) return { outcome: 'missing' };
    throw error;
  }
}

/** What an executed booking came to; undefined while it waits, or when it was revoked or lost. */
export function outcomeOfExecution(read: Booking): ChargeOutcome | undefined {
  switch (read.outcome) {
    case 'paid':
    case 'declined':
    case 'cancelled':
      return outcomeOf(read.payment);
    case 'rejected':
      return { status: 'failed', impUid: null, reason: read.message, at: read.at };
    default:
      return undefined;
  }
}

/**
 * Settles a charge from its booking's execution at the service (applied, or refunded when it was
 * given up): for a booking that ran while its notice was lost. Answers the settlement, or undefined
 * when the booking has not run.
 */
export async function settleExecution(charge: SubscriptionCharge): Promise<Settlement | undefined> {
  const outcome = outcomeOfExecution(await readBooking(charge));
  return outcome && settleCharge(charge, outcome);
}

import 'server-only';
import { IamportNotFoundError, iamport, type ScheduledCharge } from '@/lib/iamport';
import type { Settlement } from '@/lib/payments/client';
import type { SubscriptionCharge } from './repository';
import { type ChargeOutcome, outcomeOf, settleCharge } from './settle';

/** A booking as the service holds it, or `missing` when it never got there. */
export async function readBooking(merchantUid: string): Promise<ScheduledCharge | { outcome: 'missing' }> {
  try {
    return await iamport().schedules.readCharge({ merchant_uid: merchantUid });
  } catch (error) {
    if (error instanceof IamportNotFoundError) return { outcome: 'missing' };
    throw error;
  }
}

/** What an executed booking came to; undefined while it waits, or when it was revoked or lost. */
export function outcomeOfExecution(read: ScheduledCharge | { outcome: 'missing' }): ChargeOutcome | undefined {
  switch (read.outcome) {
    case 'paid':
    case 'declined':
    case 'cancelled':
      return outcomeOf(read.payment);
    case 'rejected':
      return { status: 'failed', impUid: null, reason: read.message, at: read.schedule.executed_at };
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
  const outcome = outcomeOfExecution(await readBooking(charge.merchantUid));
  return outcome && settleCharge(charge, outcome);
}

import type { Payment } from '@/lib/iamport';

/**
 * What is left to refund of a payment by the service's record: the balance of a paid one; for a
 * 가상계좌 still waiting with part of its amount deposited, what was deposited (refunding it closes
 * the account); nothing otherwise. Sent as every refund's checksum.
 */
export function refundableOf(payment: Payment): number {
  if (payment.status === 'paid') return payment.amount - payment.cancel_amount;
  if (payment.status === 'ready' && payment.vbank_num) return depositedInto(payment) - payment.cancel_amount;
  return 0;
}

/** The sum of a 가상계좌's deposits so far. */
export const depositedInto = (payment: Payment) =>
  payment.deposit_history.reduce((sum, deposit) => sum + deposit.amount, 0);

import 'server-only';
import type { CheckoutVerification, PaymentOutcome, ProviderPayment } from './types';

export function outcomeOf(payment: ProviderPayment): PaymentOutcome {
  switch (payment.status) {
    case 'paid':
      return { outcome: 'paid', payment };
    case 'failed':
      return { outcome: 'declined', payment, reason: payment.failReason ?? 'declined' };
    case 'cancelled':
      return { outcome: 'cancelled', payment };
    case 'ready':
      return { outcome: 'ready', payment };
  }
}

/** A window's payment against our order: ours, and paid exactly the amount we decided. */
export function checkoutOf(payment: ProviderPayment, orderId: string, amount: number): CheckoutVerification {
  if (payment.orderId !== orderId) return { outcome: 'foreign', payment };
  const outcome = outcomeOf(payment);
  if (outcome.outcome === 'paid' && payment.amount !== amount) {
    return { outcome: 'amount_mismatch', payment, expected: amount };
  }
  return outcome;
}

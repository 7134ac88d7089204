import 'server-only';
import { env } from '@/lib/env';
import type { Payment } from '@/lib/iamport';

/**
 * A test-channel (sandbox) payment moved no money: in production it never buys anything, wherever
 * the app meets it (it is refused and refunded). Elsewhere it buys as usual, so that a merchant can
 * try the app on the service's test channel (with IMP_INCLUDE_SANDBOX=true, so reads show it).
 */
export const buysNothing = (payment: Pick<Payment, 'sandbox'>): boolean =>
  payment.sandbox === true && env.NODE_ENV === 'production';

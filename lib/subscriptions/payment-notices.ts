import 'server-only';
import type { Payment } from '@/lib/iamport';
import { refundInFull } from '@/lib/payments';
import { type Settlement, settlement } from '@/lib/payments/client';
import { settleChargeRefund } from './refunds';
import { findChargeByMerchantUid } from './repository';
import { mailRefund, outcomeOf, settleCharge } from './settle';

/**
 * The webhook's handler for subscription payments (merchant_uid `sub_…` and `ren_…`), and the sweep's:
 * the record read back from the service decides, never the notice.
 */
export async function settleSubscriptionPayment(payment: Payment): Promise<Settlement> {
  const charge = await findChargeByMerchantUid(payment.merchant_uid);
  if (!charge) return settlement('ignored', `ignored: no subscription charge ${payment.merchant_uid}`);
  if (payment.amount !== charge.amount || (payment.customer_uid && payment.customer_uid !== charge.customerUid)) {
    if (payment.status !== 'paid') return settlement('ignored', 'ignored: the payment does not match the charge');
    // Not what we charged (another amount, another card): it buys nothing and is given back.
    const refunded = await refundInFull(
      payment.imp_uid,
      payment.amount - payment.cancel_amount,
      '정기결제 내역과 다른 결제',
      charge.api,
    );
    await mailRefund(charge.subscriptionId, refunded);
    return settlement('refunded', 'refunded: the payment does not match the charge');
  }
  // Refunded (in part or in full) at the service after it was applied: recorded, access follows.
  const newlyRefunded = payment.cancel_amount > charge.refundedAmount && charge.impUid === payment.imp_uid;
  if (newlyRefunded && (charge.status === 'paid' || charge.status === 'refunded')) {
    return settleChargeRefund(charge, payment);
  }
  const outcome = outcomeOf(payment);
  if (!outcome) return settlement('ignored', `ignored: payment ${payment.status}`);
  return settleCharge(charge, outcome);
}

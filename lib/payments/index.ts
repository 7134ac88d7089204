// The public face of lib/payments: other folders import it through here, never a file inside.
import 'server-only';

export { buyerOf } from './buyer';
export { type CardChargeResult, chargeCard, mayStillArrive, resolveCharge } from './charge-card';
export { type IdKind, kindOf, mintServiceId } from './ids';
export { cancelPaymentOn, readPaymentOn, resolveChargeOn, serviceNowOn } from './on-api';
export {
  type Claim,
  lockRefundsOf,
  makeRefund,
  promiseRefund,
  type Refund,
  type RefundAccount,
  type RefundBook,
  type RefundOutcome,
  type RefundPromise,
  type RefundTx,
  refundInFlight,
  refundsInFlight,
  resolveRefund,
} from './promised-refunds';
export { refundInFull } from './refund';
export { cancelEntryKey } from './refund-fate';
export { depositedInto, refundableOf } from './refundable';
export { buysNothing } from './sandbox';

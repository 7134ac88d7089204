// The public face of lib/payments: other folders import it through here, never a file inside.
import 'server-only';

export { buyerOf } from './buyer';
export { type CardChargeResult, chargeCard, mayStillArrive, resolveCharge } from './charge-card';
export { type IdKind, kindOf, mintServiceId } from './ids';
export {
  type Claim,
  lockRefundsOf,
  makeRefund,
  promiseRefund,
  type Refund,
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
export { buysNothing } from './sandbox';

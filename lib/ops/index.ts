// The public face of lib/ops: other folders import it through here, never a file inside.
import 'server-only';

export { opsCookieHeader } from './cookie';
export { listAwaitingDeposits } from './deposits';
export { operatorFrom, requireOperator } from './guard';
export {
  addOperator,
  addOperatorForOps,
  changeOperatorPassword,
  listOperators,
  type Operator,
  OperatorExistsError,
  toOperatorSummary,
} from './operators';
export { listOrdersForOps, toOpsOrder } from './orders';
export { listOwedRefunds } from './owed-refunds';
export { paymentDetail, toAuditView } from './payments/detail';
export { searchPayments } from './payments/search';
export {
  addOperatorBody,
  deliveryIdParam,
  merchantUidFrom,
  noteBody,
  owedRefundIdParam,
  readQuery,
  subscriptionIdParam,
} from './requests';
export { endOperatorSession, OPS_SESSION_COOKIE, operatorForSession } from './sessions';
export { listShipmentsForOps, opsShipmentOf } from './shipments';
export { opsCredentialsSchema, passwordChangeSchema, signInOperator } from './sign-in';
export { cancelAtPeriodEndForOps, cancelNowForOps, rebookMissing, retryRenewalNow } from './subscriptions/actions';
export { listSubscriptionsForOps, subscriptionDetailForOps } from './subscriptions/read';
export { listDeliveries, processAgain } from './webhooks/deliveries';

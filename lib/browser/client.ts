// The client-safe face of lib/browser: what pages, components and other folders may use of it in the browser.
export { ApiError, apiFetch } from './api';
export { attemptKey, finishAttempt } from './attempt-key';
export { certify, deviceWindowMode, type ImpConfig } from './imp-loader';
export { useImpOnIntent } from './imp-on-intent';
export { useAuditLog } from './ops/audit';
export { useDepositQueue } from './ops/deposits';
export { useAddOperator, useOperators } from './ops/operators';
export { useFulfilmentStep, useOrderQueue, useReturnDecision } from './ops/orders';
export { useOwedRefund, useOwedRefunds } from './ops/owed-refunds';
export { usePaymentDetail, usePaymentSearch, useRefund } from './ops/payments';
export { useReconciliationRuns, useRunReconciliation } from './ops/reconciliations';
export { useShipmentQueue, useShipmentStep } from './ops/shipments';
export {
  type SubscriptionAction,
  useSubscriptionAction,
  useSubscriptionDetail,
  useSubscriptionList,
} from './ops/subscriptions';
export { useUrlFilters } from './ops/url-filters';
export { useProcessAgain, useWebhookList } from './ops/webhooks';
export { openPaymentWindow } from './payment-window';
export { issueBillingKeyV2, requestPaymentV2, verifyIdentityV2 } from './portone-lazy';
export type {
  CheckoutOpening,
  CheckoutProof,
  IdentityCheckStart,
  RegistrationProof,
  RegistrationStart,
} from './portone-v2-types';
export { useAccount } from './resources/use-account';
export { useAttempts } from './resources/use-attempts';
export { useCards } from './resources/use-cards';
export { useCashReceipt } from './resources/use-cash-receipt';
export { useOrder, useOrderSteps } from './resources/use-order';
export { type OrderSheetBody, useOrderActions, useOrders } from './resources/use-orders';
export { useSignupIdentity } from './resources/use-signup-identity';
export { type SubscribeResult, useSubscriptions } from './resources/use-subscriptions';
export { markWithdrawn, useWithdrawn } from './withdrawn';

// The client-safe face of lib/ops: what pages, components and other folders may use of it in the browser.
export {
  auditActionCodes,
  auditActionLabel,
  auditNoteLabel,
  auditReasonLabel,
  auditResultLabel,
  auditTargetLabel,
} from './audit-labels';
export { type AuditView, auditFiltersSchema } from './client/audit';
export {
  type DepositPage,
  type DepositRow,
  type DepositState,
  depositFiltersSchema,
  depositStateLabel,
} from './client/deposits';
export { type Page, pageQuerySchema } from './client/lists';
export { OPS_ORDER_QUEUES, type OpsOrder, opsOrderFiltersSchema, opsOrderQueueLabel } from './client/orders';
export {
  type OwedRefundBody,
  type OwedRefundPage,
  type OwedRefundRow,
  type OwedState,
  owedFiltersSchema,
  owedRefundBody,
  owedStateLabel,
} from './client/owed-refunds';
export {
  PAY_METHODS,
  type PaymentDetail,
  type PaymentRow,
  payMethodOptions,
  paymentFiltersSchema,
  paymentKindLabel,
  type RecordStatus,
  recordStatusLabel,
  recordStatusText,
  type ServicePaymentView,
} from './client/payments';
export {
  type ReconciliationRunsPage,
  type ReconciliationRunView,
  runFailureLabel,
  runStarterLabel,
} from './client/reconciliations';
export type { OpsShipment } from './client/shipments';
export {
  consentWaitLabel,
  type SubscriptionDetail,
  type SubscriptionRow,
  subscriptionFiltersSchema,
} from './client/subscriptions';
export { noticeStatusLabel, webhookOutcomeLabel } from './client/webhook-outcomes';
export { type WebhookDeliveryView, webhookFiltersSchema } from './client/webhooks';
export { hasRole, OPERATOR_ROLES, type OperatorRole, roleLabel } from './operator-roles';

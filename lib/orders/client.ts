// The client-safe face of lib/orders: what pages, components and other folders may use of it in the browser.
export {
  CASH_RECEIPT_TYPES,
  type CashReceiptRequest,
  type CashReceiptType,
  cashReceiptTypeLabel,
  identifierLabel,
  identifierPlaceholder,
  identifierProblem,
} from './cash-receipt-input';
export { cashReceiptRequest } from './cash-receipt-request';
export {
  type CashReceiptState,
  type CashReceiptStatus,
  type CashReceiptView,
  cashReceiptStatusLabel,
} from './cash-receipt-view';
export {
  type FulfilmentAction,
  fulfilmentActionSchema,
  type ReturnDecision,
  returnDecisionSchema,
  returnRequestSchema,
} from './fulfilment-schemas';
export {
  CARRIERS,
  deliveryStateLabel,
  type Fulfilment,
  fulfilmentLabel,
  proposedReturnFee,
  RETURN_REASONS,
  RETURN_SHIPPING,
  type ReturnReason,
  type ReturnStatus,
  returnReasonLabel,
  returnReasonText,
  returnStatusLabel,
  type TimelineStep,
  trackingUrl,
} from './fulfilment-words';
export {
  type CheckoutAnswer,
  type CheckoutStart,
  type OrderDetail,
  type OrderSummary,
  type OwedOrder,
  type OwedRefundView,
  orderMethodLabel,
  orderStatusText,
  type Product,
  type PurchaseAttempt,
  type VbankAccount,
} from './order-view';
export { boxOnCancelWords, boxStateLabel, type ShipmentSummary } from './shipments';

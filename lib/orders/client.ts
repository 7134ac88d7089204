// The client-safe face of lib/orders: what pages, components and other folders may use of it in the browser.
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
  type CheckoutStart,
  type OrderDetail,
  type OrderSummary,
  type OwedOrder,
  orderMethodLabel,
  orderStatusText,
  type Product,
  type PurchaseAttempt,
} from './order-view';
export { boxOnCancelWords, boxStateLabel, type ShipmentSummary } from './shipments';

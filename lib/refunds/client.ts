// The client-safe face of lib/refunds: what pages, components and other folders may use of it in the browser.

export type { RefundAccountView } from './refund-account';
export {
  REFUND_REASONS,
  type RefundReason,
  type RefundRequest,
  refundReasonForCustomer,
  refundReasonLabel,
  refundRequestSchema,
} from './refund-request';

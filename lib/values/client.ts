// The client-safe face of lib/values: what pages, components and other folders may use of it in the browser.
export {
  bankName,
  isRefundBank,
  maskAccount,
  REFUND_BANKS,
  type RefundBankCode,
} from './bank-account';
export { calendarDay, isCalendarDay, MAX_WON, wonAmount } from './bounds';
export { EMAIL_MAX, PASSWORD_MAX } from './field-limits';
export { formatCalendarDate, formatDate, formatDateTime, formatWon, withObject, withTopic } from './format';
export { type RefundAccountInput, refundAccountSchema } from './refund-account-schema';
export { safeReturnPath } from './return-path';
export {
  FREE_SHIPPING_FROM,
  MAX_QUANTITY,
  type OrderPrice,
  priceOrder,
  type SavedAddress,
  SHIPPING_LIMITS,
  type ShippingDetails,
  type ShippingField,
  shippingProblems,
  tooLongMessage,
} from './shipping';

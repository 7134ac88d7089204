// The client-safe face of lib/payments: what pages, components and other folders may use of it in the browser.
export { describeFailure, failureWords } from './failure-words';
export {
  CASH_METHODS,
  CHECKOUT_METHODS,
  type CheckoutMethod,
  isCheckoutMethod,
  isWallet,
  type KeyMethod,
  methodOfPayment,
  PAY_METHOD_NAMES,
  type PayMethod,
  refundDestination,
  takesCashReceipt,
  WALLETS,
  type Wallet,
  windowParams,
} from './pay-methods';
export { type Settlement, settlement } from './settlement';

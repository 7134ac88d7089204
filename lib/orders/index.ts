// The public face of lib/orders: other folders import it through here, never a file inside.
import 'server-only';

export { findAttempts, orderForReturn } from './attempts';
export { barcodeSvg } from './barcode-image';
export { buyNow } from './buy-now';
export { cancelOrder } from './cancel-order';
export { cashReceiptState, cashReceiptView, requestCashReceipt } from './cash-receipt';
export { settleCashReceipt } from './cash-receipt-settle';
export { listUnsettledReceipts } from './cash-receipt-store';
export { findProduct, listProducts } from './catalogue';
export { confirmCheckout, startCheckout } from './checkout';
export { allowCollection, cancelBarcode, issueBarcode } from './cvs';
export { advanceFulfilment, requestReturn } from './fulfilment';
export { orderHistoryJson } from './history';
export { lastPayMethod } from './last-pay-method';
export { findOwnOrder, orderDetail } from './order-detail';
export { orderRefundBook } from './order-refunds';
export { findOrderByMerchantUid, findUserOrder, type Order, toOrderSummary } from './orders';
export { owedRefundBook, payOwed, settleOwedWithAccounts } from './owed-refund-payment';
export { giveBack, type OwedRefund, owedImpUids, owedRefundsOf } from './owed-refunds';
export { refundAccountFor, refundAccountOf, saveRefundAccount } from './refund-account';
export { recordOrderRefund } from './refunds';
export { refuseOrder } from './refusals';
export {
  anyOrderOn,
  findOrderWithCustomer,
  listOpenOrdersSince,
  listOrderQueue,
  listVbanksPastDue,
  orderSettledByNotice,
  paidOrderImpUids,
} from './repository';
export {
  attemptKeysQuery,
  buyNowBody,
  checkoutBody,
  checkoutResultBody,
  checkoutResultBodyV2,
  collectionCheckBody,
  merchantUidFrom,
  productOrderBody,
  shippingBody,
} from './requests';
export { decideReturn } from './returns';
export { applyPayment, settleOrderFromNotice, settlePendingOrder } from './settle';
export { findDefaultAddress } from './shipping-address';
export { ordersStillOwed } from './still-owed';
export { settleAwaitingVbank } from './vbank';

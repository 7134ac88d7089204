// The public face of lib/orders: other folders import it through here, never a file inside.
import 'server-only';

export { findAttempts, orderForReturn } from './attempts';
export { barcodeSvg } from './barcode-image';
export { buyNow } from './buy-now';
export { cancelOrder } from './cancel-order';
export { findProduct, listProducts } from './catalogue';
export { confirmCheckout, startCheckout } from './checkout';
export { allowCollection, cancelBarcode, issueBarcode } from './cvs';
export { advanceFulfilment, requestReturn } from './fulfilment';
export { orderHistoryJson } from './history';
export { findOwnOrder, orderDetail } from './order-detail';
export { orderRefundBook } from './order-refunds';
export { findUserOrder, type Order, toOrderSummary } from './orders';
export { recordOrderRefund } from './refunds';
export { refuseOrder } from './refusals';
export {
  findOrderWithCustomer,
  listOpenOrdersSince,
  listOrderQueue,
  orderSettledByNotice,
  paidOrderImpUids,
} from './repository';
export {
  attemptKeysQuery,
  buyNowBody,
  checkoutBody,
  checkoutResultBody,
  collectionCheckBody,
  merchantUidFrom,
  productOrderBody,
  shippingBody,
} from './requests';
export { decideReturn } from './returns';
export { applyPayment, settleOrderFromNotice, settlePendingOrder } from './settle';
export { findDefaultAddress } from './shipping-address';
export { ordersStillOwed } from './still-owed';

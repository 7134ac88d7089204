// The public face of lib/mail: other folders import it through here, never a file inside.
import 'server-only';

export { accountWithdrawn, subscriptionCancelled, trialStarted } from './lifecycle-notices';
export {
  cardExpiring,
  chargeReceipt,
  orderReceipt,
  refundNotices,
  renewalFailed,
  renewalReminder,
  subscriptionEnded,
  trialEnding,
} from './notices';
export { orderUpdate } from './order-notices';
export { enqueueMail, enqueueMails, type Mail, type MailKind, type MailPayload, type MailRow } from './outbox';
export { priceChangeNotice } from './price-change-notice';
export { stillWanted } from './relevance';
export { shipmentUpdate } from './shipment-notices';
export { mailTransport } from './transport';
export { refundOwed, vbankExpired, vbankIssued } from './vbank-notices';

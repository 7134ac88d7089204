// The public face of lib/refunds: other folders import it through here, never a file inside.
import 'server-only';

export { afterEnding, operatorBook, refundPayment } from './operator-refund';
export { refundOwedForOps } from './owed-refund';
export { findPaymentRecord, type PaymentRecord } from './payment-records';

// GET /payments/{imp_uid}/balance: what is left of a payment, by means of payment, with one
// history entry per change (paid, then each refund). Everything is paid by card, virtual account
// or transfer here (primary): no points (secondary) and no PG discounts. Amounts include VAT,
// 1/11 of them; a cash receipt issued through the service shows its own split.
import type { Emulator } from '../emulator';
import { receiptKey } from '../store/store';
import { getPayment } from './payments';

const split = (amount: number) => {
  const vat = Math.round(amount / 11);
  return { tax_free: 0, supply: amount - vat, vat, service: 0 };
};
const NONE = split(0);

export function paymentBalance(core: Emulator, merchantCode: string, impUid: string) {
  const payment = getPayment(core, merchantCode, impUid);
  const receipt = core.store.receipts.get(receiptKey(merchantCode, impUid, payment.merchant_uid));
  const cashReceipt = receipt && receipt.cancelled_at === 0 ? split(receipt.amount) : NONE;
  const entry = (left: number, created: number) => ({
    cash_receipt: cashReceipt,
    primary: split(left),
    secondary: NONE,
    discount: NONE,
    created,
  });
  const wasPaid = payment.paid_at > 0;
  let left = payment.amount;
  const histories = wasPaid ? [entry(left, payment.paid_at)] : [];
  for (const refund of payment.cancel_history) {
    left -= refund.amount;
    histories.push(entry(left, refund.cancelled_at));
  }
  return {
    amount: payment.amount,
    cash_receipt: cashReceipt,
    primary: split(wasPaid ? payment.amount - payment.cancel_amount : 0),
    secondary: NONE,
    discount: NONE,
    histories,
  };
}

// A wallet's window (pg kakaopay | naverpay | tosspay): the customer approves in the wallet, whose
// account is a phone number (test numbers: wallets.ts). With customer_uid the wallet issues a
// billing key as a card window does: amount 0 issues only, more also charges; the declining
// account is refused a key, the 9995 account gets one whose every charge fails.
import type { Emulator } from '../emulator';
import type { PaymentRecord } from '../store/records';
import type { Body } from '../wire/fields';
import type { Order } from '../wire/order';
import { buyerAsCustomer, countCharge, issueWalletKey } from './billing-keys';
import { normalisePhone } from './certifications';
import { chargeWallet } from './charge';
import { asPaid, newPayment, type PaymentInit, savePayment } from './payments';
import { DEFAULT_WALLET_PHONE, type Wallet, walletIssues, walletProfile } from './wallets';
import { readPhoneNumber } from './window-phone';

export interface WalletOutcome {
  paid: boolean;
  payment: PaymentRecord;
}

/** The phone a wallet window starts with: the buyer's mobile number, else the approving test number. */
export const walletPhoneOf = (order: Order) =>
  order.buyer_tel && normalisePhone(order.buyer_tel) ? order.buyer_tel : DEFAULT_WALLET_PHONE;

export function completeWalletWindow(
  core: Emulator,
  merchantCode: string,
  order: Order,
  init: PaymentInit,
  wallet: Wallet,
  body: Body,
): WalletOutcome {
  const account = walletProfile(wallet, readPhoneNumber(body, walletPhoneOf(order)));
  const customerUid = init.customer_uid ?? null;
  const issue = () => issueWalletKey(core, merchantCode, customerUid ?? '', account, buyerAsCustomer(order), init.pg);
  if (customerUid !== null && order.amount === 0 && walletIssues(account)) {
    issue();
    const payment = savePayment(core, asPaid(newPayment(core, merchantCode, init), core.now(merchantCode)));
    return { paid: true, payment };
  }
  const result = chargeWallet(core, merchantCode, account, init);
  if (result.outcome === 'unreachable') throw new Error('a wallet is never unreachable');
  if (customerUid !== null && walletIssues(account)) countCharge(core, issue());
  return { paid: result.outcome === 'paid', payment: result.payment };
}

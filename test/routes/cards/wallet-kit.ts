// A wallet (간편결제) registered as the cards page does: POST /api/cards/window with the wallet, its
// window completed in the emulator through the control API's shortcut (the wallet's account is a
// phone number: the emulator's test numbers decide what the wallet answers), then verified.

import type { WindowRegistration } from '@/lib/cards/card-view';
import type { Wallet } from '@/lib/payments/client';
import type { TestEmulator, WindowPaymentInput } from '@/test/emulator/kit';
import { CARD_CONSENT, type Customer } from '@/test/kits/cards';

/** The emulator's wallet accounts (emulator/core/service/wallets.ts). */
export const WALLET_PHONES = {
  approved: '010-1234-5678',
  /** The wallet refuses the registration (and declines any payment). */
  declined: '010-4000-0002',
  /** A key is issued; every charge on it fails (잔액 부족). */
  chargesFail: '010-4000-9995',
} as const;

export const startWallet = (customer: Customer, wallet: Wallet) =>
  customer.startWindow({ consent: CARD_CONSENT, method: wallet });

/** The wallet's window approved (or declined) for `phone`, as IMP.request_pay would send it. */
export function completeWalletWindow(
  emulator: TestEmulator,
  registration: WindowRegistration,
  phone: string = WALLET_PHONES.approved,
) {
  // `phone`: the wallet's account, as the tester types it in the window (the shortcut's input).
  const input: WindowPaymentInput & { phone: string } = {
    pg: registration.pg,
    pay_method: 'card',
    merchant_uid: registration.merchantUid,
    customer_uid: registration.customerUid,
    amount: 0,
    name: registration.name,
    buyer_name: registration.buyerName,
    buyer_email: registration.buyerEmail,
    phone,
  };
  return emulator.completeWindowPayment(input);
}

/** Start → the wallet's window → verify; answers the registration, the window's rsp and the verify response. */
export async function registerWallet(
  customer: Customer,
  emulator: TestEmulator,
  wallet: Wallet = 'kakaopay',
  phone: string = WALLET_PHONES.approved,
) {
  const registration = await startWallet(customer, wallet);
  const { rsp } = await completeWalletWindow(emulator, registration, phone);
  const response = await customer.verify({ customer_uid: registration.customerUid, imp_uid: rsp.imp_uid });
  return { registration, rsp, response };
}

/** Registers a wallet that must be kept; answers its card id. */
export async function walletKept(customer: Customer, emulator: TestEmulator, wallet?: Wallet, phone?: string) {
  const { response } = await registerWallet(customer, emulator, wallet, phone);
  if (response.status !== 201) throw new Error(`wallet not kept: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { cardId: string }).cardId;
}

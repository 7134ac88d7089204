// One charge of a billing key (again, schedules): a card's (refused once its expiry month is over)
// or a wallet account's (recorded as pay_method 'point' on the wallet, no card).
import type { Emulator } from '../emulator';
import type { BillingKeyRecord, PaymentRecord } from '../store/records';
import { keyCard } from './billing-keys';
import { type ChargeResult, chargeCard, chargeWallet } from './charge';
import type { PaymentInit } from './payments';
import { shownCard } from './test-cards';
import { WALLET_RECORD_METHOD } from './wallets';

export type KeyChargeInit = Omit<PaymentInit, 'card' | 'pay_method' | 'pg'>;

export function chargeKey(core: Emulator, key: BillingKeyRecord, init: KeyChargeInit): ChargeResult {
  const charge = { ...init, pg: key };
  return key.wallet === undefined
    ? chargeCard(core, key.merchant_code, keyCard(core, key), key.charges, { ...charge, pay_method: 'card' })
    : chargeWallet(core, key.merchant_code, key.card, charge);
}

/** What a record of the key's payment says it was paid with (for a charge that never started). */
export const keyMeans = (key: BillingKeyRecord): { pay_method: string; card: PaymentRecord['card'] } =>
  key.wallet === undefined
    ? { pay_method: 'card', card: shownCard(key.card) }
    : { pay_method: WALLET_RECORD_METHOD, card: null };

// One charge of a card (fresh or behind a billing key), shared by again, onetime, schedules and
// the payment window. The test card decides; the caller decides how to report the result.
import type { Emulator } from '../emulator';
import type { PaymentRecord } from '../store/records';
import { asFailed, asPaid, newPayment, type PaymentInit, savePayment } from './payments';
import { type CardProfile, type ChargeOutcome, chargeOutcome, shownCard } from './test-cards';
import { WALLET_RECORD_METHOD, walletOutcome } from './wallets';

export type ChargeResult =
  /** The issuer answered: approved (status paid) or declined (status failed). */
  | { outcome: 'paid' | 'declined'; payment: PaymentRecord }
  /** The card network refused the card outright (refused or expired card): a failed record. */
  | { outcome: 'refused'; payment: PaymentRecord; reason: string }
  /** The issuer could not be reached: nothing is charged and nothing is recorded. */
  | { outcome: 'unreachable'; reason: string };

/** `previousCharges`: earlier attempts with the same billing key (0 for a fresh card). */
export function chargeCard(
  core: Emulator,
  merchantCode: string,
  card: CardProfile,
  previousCharges: number,
  init: Omit<PaymentInit, 'card'>,
): ChargeResult {
  return charged(core, merchantCode, chargeOutcome(card.behaviour, previousCharges), {
    ...init,
    card: shownCard(card),
  });
}

/** A wallet account's charge (init.pg is the wallet): recorded as pay_method 'point', no card. */
export function chargeWallet(
  core: Emulator,
  merchantCode: string,
  account: CardProfile,
  init: Omit<PaymentInit, 'card' | 'pay_method'>,
): ChargeResult {
  const answer = walletOutcome(account);
  return charged(core, merchantCode, answer, { ...init, pay_method: WALLET_RECORD_METHOD, card: null });
}

function charged(core: Emulator, merchantCode: string, answer: ChargeOutcome, init: PaymentInit): ChargeResult {
  if (answer.kind === 'unreachable') return { outcome: 'unreachable', reason: answer.reason };
  const started = newPayment(core, merchantCode, init);
  const now = core.now(merchantCode);
  if (answer.kind === 'approved') return { outcome: 'paid', payment: savePayment(core, asPaid(started, now)) };
  const payment = savePayment(core, asFailed(started, now, answer.reason));
  return answer.kind === 'declined'
    ? { outcome: 'declined', payment }
    : { outcome: 'refused', payment, reason: answer.reason };
}

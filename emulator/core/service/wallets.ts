// 간편결제 wallets (pg kakaopay, naverpay, tosspay): the account is the customer's phone number,
// and a few test numbers decide what the wallet answers, as the test cards do for cards. What a
// wallet billing key keeps is the account's behaviour (a CardProfile without card data).
import type { CardProfile } from '../store/card-profile';
import { invalid } from '../wire/errors';
import type { Pg } from '../wire/order';
import type { ChargeOutcome } from './test-cards';

export const WALLETS = { kakaopay: '카카오페이', naverpay: '네이버페이', tosspay: '토스페이' } as const;
export type Wallet = keyof typeof WALLETS;

/** The wallet a pg provider is, or null for a card PG. */
export const walletOf = (pgProvider: string): Wallet | null =>
  Object.hasOwn(WALLETS, pgProvider) ? (pgProvider as Wallet) : null;

/** pay_method values a wallet window takes (the record says 'point', as the real service's do). */
export const WALLET_PAY_METHODS: readonly string[] = ['card', 'point', ...Object.keys(WALLETS)];
export const WALLET_RECORD_METHOD = 'point';

export const WALLET_PHONES = {
  approved: '010-1234-5678',
  declined: '010-4000-0002',
  chargesFail: '010-4000-9995',
} as const;

/** The account's phone when the page gave no buyer_tel. */
export const DEFAULT_WALLET_PHONE = WALLET_PHONES.approved;

export const WALLET_DECLINED = '간편결제 승인 거절 (잔액 부족)';

/** What the wallet account behind a phone number (digits only) does. */
export function walletProfile(wallet: Wallet, digits: string): CardProfile {
  const behaviour = digits === '01040000002' ? 'refuse' : digits === '01040009995' ? 'insufficient' : 'approve';
  return { behaviour, card_name: WALLETS[wallet], card_number: '', card_code: '', card_type: '' };
}

/** A wallet approves or declines; it is never unreachable, and a declined account stays usable. */
export const walletOutcome = (profile: CardProfile): ChargeOutcome =>
  profile.behaviour === 'approve' ? { kind: 'approved' } : { kind: 'declined', reason: WALLET_DECLINED };

/** Whether a wallet issues a billing key for this account (the declining number is refused). */
export const walletIssues = (profile: CardProfile) => profile.behaviour !== 'refuse';

/** Card data cannot be typed in for a wallet: its key comes from its own window (customer_uid). */
export function assertCardPg(pg: Pg): Pg {
  if (walletOf(pg.pg_provider))
    throw invalid('pg', `${pg.pg_provider}: 간편결제 빌링키는 결제창(customer_uid)으로만 발급됩니다.`);
  return pg;
}

import type { CardBehaviour, CardProfile } from '../store/card-profile';

export type { CardBehaviour, CardProfile };
// The deterministic test cards of DESIGN.md. A card's behaviour is derived once, at registration
// or payment, and stored in place of the card data.

export const TEST_CARDS = {
  approved: '4242-4242-4242-4242',
  refused: '4000-0000-0000-0002',
  expired: '4000-0000-0000-0069',
  insufficientBalance: '4000-0000-0000-9995',
  limitExceeded: '4000-0000-0000-9987',
  suspended: '4000-0000-0000-9979',
  firstChargeOnly: '4000-0000-0000-0341',
  issuerUnreachable: '4000-0000-0000-0119',
} as const;

const byDigits: Record<string, CardBehaviour> = {
  '4000000000000002': 'refuse',
  '4000000000000069': 'expired',
  '4000000000009995': 'insufficient',
  '4000000000009987': 'limit',
  '4000000000009979': 'suspended',
  '4000000000000341': 'first-only',
  '4000000000000119': 'unreachable',
};

// Financial-network standard issuer codes; the first digit picks one so cards look varied.
const issuers: Record<string, { card_code: string; card_name: string }> = {
  '3': { card_code: '367', card_name: '현대카드' },
  '4': { card_code: '366', card_name: '신한카드' },
  '5': { card_code: '381', card_name: 'KB국민카드' },
  '6': { card_code: '365', card_name: '삼성카드' },
  '9': { card_code: '361', card_name: 'BC카드' },
};

/** The masked number: 4-4-4-4 (16 digits) or AMEX's 4-6-5, first six and last four shown. */
const masked = (digits: string) =>
  digits.length === 15
    ? `${digits.slice(0, 4)}-${digits.slice(4, 6)}****-*${digits.slice(-4)}`
    : `${digits.slice(0, 4)}-${digits.slice(4, 6)}**-****-${digits.slice(-4)}`;

/** Profile of a card number (digits only); any unknown number approves unless `refused` says otherwise. */
export function cardProfile(digits: string, refused?: 'invalid' | 'expired'): CardProfile {
  const issuer = issuers[digits.charAt(0)] ?? { card_code: '371', card_name: 'NH농협카드' };
  return {
    behaviour: refused ?? byDigits[digits] ?? 'approve',
    card_number: masked(digits),
    ...issuer,
    card_type: '0',
  };
}

/** What a payment record shows of a card: everything but its test behaviour. */
export const shownCard = ({ behaviour: _, ...shown }: CardProfile): Omit<CardProfile, 'behaviour'> => shown;

const refusals: Partial<Record<CardBehaviour, string>> = {
  // The real service's wording, from its clients' live test suites.
  invalid: '[F112]유효하지않은 카드번호를 입력하셨습니다.',
  refuse: '[F112] 카드사에서 승인을 거절하였습니다.',
  expired: '[F113] 유효기간이 만료된 카드입니다.',
};

/** Why issuing a billing key with this card is refused, or null when it is issued. */
export const registrationRefusal = (behaviour: CardBehaviour): string | null => refusals[behaviour] ?? null;

export type ChargeOutcome =
  | { kind: 'approved' }
  | { kind: 'declined'; reason: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'unreachable'; reason: string };

/** The issuer's answer to a charge; `previousCharges` counts earlier attempts with the same billing key. */
export function chargeOutcome(behaviour: CardBehaviour, previousCharges: number): ChargeOutcome {
  const refusal = registrationRefusal(behaviour);
  if (refusal) return { kind: 'refused', reason: refusal };
  switch (behaviour) {
    case 'first-only':
      return previousCharges === 0 ? { kind: 'approved' } : { kind: 'declined', reason: '한도초과' };
    case 'insufficient':
      return { kind: 'declined', reason: '잔액부족' };
    case 'limit':
      return { kind: 'declined', reason: '한도초과' };
    case 'suspended':
      return { kind: 'declined', reason: '정지된 카드' };
    case 'unreachable':
      return { kind: 'unreachable', reason: '카드사와 통신할 수 없습니다. 잠시 후 다시 시도해 주세요.' };
    default:
      return { kind: 'approved' };
  }
}

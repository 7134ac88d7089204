// The consent to keep a card or a wallet (간편결제) for later charges (a billing key), shown by
// the registration forms and rendered again by the server for the consent log's hash: one text,
// both sides.

import { PAY_METHOD_NAMES, type Wallet } from '@/lib/payments/client';

/** A change of wording is a new version. */
export const CARD_CONSENT_VERSION = 'card-billing-key-2026-11-v1';
export const CARD_CONSENT_LABEL = '카드 등록(빌링키 보관)에 동의합니다';
export const WALLET_CONSENT_LABEL = '결제수단 등록(빌링키 보관)에 동의합니다';

/** What the card forms send once the box is checked; the server renders the text again for the log. */
export interface CardConsentGiven {
  agreed: true;
  version: string;
}
export const cardConsentGiven: CardConsentGiven = { agreed: true, version: CARD_CONSENT_VERSION };

/** A card number as the consent shows it: the first 6 and last 4 digits, the rest hidden. */
export function hideCardNumber(number: string): string {
  const digits = number.replace(/\D/g, '');
  if (digits.length < 10) return '';
  const hidden = `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`;
  if (hidden.length === 15) return `${hidden.slice(0, 4)}-${hidden.slice(4, 10)}-${hidden.slice(10)}`;
  return hidden.length === 16 ? (hidden.match(/.{4}/g) ?? []).join('-') : hidden;
}

/**
 * The lines shown before registering; `maskedCard` when the card is entered on our page, `wallet`
 * when a wallet is registered instead of a card (the same terms, in a wallet's words).
 */
export function cardConsentText(maskedCard?: string, wallet?: Wallet): string[] {
  if (wallet) {
    const name = PAY_METHOD_NAMES[wallet];
    return [
      `등록할 결제수단: ${name}`,
      `${name} 계정으로 결제 서비스에서 빌링키(자동결제용 결제수단 등록 정보)를 발급받아 보관합니다.`,
      '등록한 결제수단은 간편결제(바로 구매)와 정기결제(구독)에 쓰이며, 결제할 때마다 금액을 먼저 안내합니다.',
      `${name} 계정 정보는 보관하지 않으며, 카드 관리에서 언제든 삭제할 수 있습니다.`,
      WALLET_CONSENT_LABEL,
    ];
  }
  return [
    ...(maskedCard ? [`등록할 카드: ${maskedCard}`] : []),
    '카드 정보로 결제 서비스에서 빌링키(자동결제용 카드 등록 정보)를 발급받아 보관합니다.',
    '등록한 카드는 간편결제(바로 구매)와 정기결제(구독)에 쓰이며, 결제할 때마다 금액을 먼저 안내합니다.',
    '카드 번호는 가려진 형태로만 보관하며, 카드 관리에서 언제든 삭제할 수 있습니다.',
    CARD_CONSENT_LABEL,
  ];
}

/**
 * A consent as the account page lists it: what, when, which version — not the text's SHA-256
 * fingerprint, which means nothing to a customer (operators see it, OperatorConsentEntry).
 */
export interface ConsentEntry {
  id: string;
  kind: 'terms' | 'privacy' | 'marketing' | 'card_registration' | 'subscription' | 'price_change' | 'trial_conversion';
  agreed: boolean;
  termsVersion: string;
  amount: number | null;
  cycle: string | null;
  /** Service clock, UNIX seconds. */
  givenAt: number;
}

/** A consent as the operator console shows it: with the fingerprint of the exact text agreed to. */
export interface OperatorConsentEntry extends ConsentEntry {
  textSha256: string;
}

export const consentKindLabel: Record<ConsentEntry['kind'], string> = {
  terms: '이용약관',
  privacy: '개인정보 수집·이용',
  marketing: '마케팅 정보 수신',
  card_registration: '카드 등록(빌링키 보관)',
  subscription: '정기결제(자동결제)',
  price_change: '정기결제 가격 변경',
  trial_conversion: '무료 체험의 유료 전환',
};

/** Whether marketing mail is agreed to now: the newest marketing answer (the list is newest first). */
export const marketingAgreed = (consents: ConsentEntry[]): boolean =>
  consents.find((consent) => consent.kind === 'marketing')?.agreed ?? false;

// The payment service's failure texts ("[F112] 카드사에서 승인을 거절하였습니다.", "잔액부족",
// "카드정보 인증 및 빌키 발급에 실패하였습니다. …") are written for merchants, not shoppers. Every
// customer-facing surface shows them through this module, by kind; the raw text stays in our
// records, the ops console and the logs. Pure: used on the server (views, mail) and in the browser
// (the window's error_msg).

export type FailureKind =
  | 'cancelled'
  | 'wallet_insufficient'
  | 'wallet_refused'
  | 'bank_unavailable'
  | 'phone_limit'
  | 'vbank_expired'
  | 'invalid_number'
  | 'expired'
  | 'insufficient'
  | 'limit'
  | 'unavailable'
  | 'refused'
  | 'other';

/** What was being done: a charge, or a card registration (billing-key issuance). */
export type FailureContext = 'payment' | 'registration';

// First match wins: the more specific kinds come before "refused", since the service puts its
// generic [F112] code on several of them; and a method's own failures (a wallet's, a bank's, a
// phone bill's, a 가상계좌's) before the card's words they share ("잔액 부족", "점검", "한도", "만료").
const patterns: [FailureKind, RegExp][] = [
  ['cancelled', /취소하셨습니다|PAY_PROCESS_CANCELED|USER_CANCEL/i],
  ['wallet_insufficient', /간편\s*결제.*(잔액|잔고)\s*부족/],
  ['wallet_refused', /간편\s*결제.*(거절|거부|불가)/],
  ['bank_unavailable', /은행.*(점검|장애)/],
  ['phone_limit', /휴대폰.*한도/],
  ['vbank_expired', /입금\s*기한/],
  ['invalid_number', /유효하지\s*않은\s*카드\s*번호|카드\s*번호\s*(오류|불일치)/],
  ['expired', /만료|유효\s*기간\s*(오류|경과)/],
  ['insufficient', /잔액\s*부족|잔고\s*부족/],
  ['limit', /한도/],
  ['unavailable', /통신할 수 없|통신\s*(장애|오류)|응답\s*없|점검|일시적/],
  ['refused', /거절|정지|거래\s*불가|승인\s*불가|분실|도난/],
];

const words: Record<Exclude<FailureKind, 'cancelled' | 'other'>, string> = {
  wallet_insufficient: '간편결제 잔액이 부족합니다. 충전하거나 다른 결제 수단을 이용해 주세요.',
  wallet_refused: '간편결제사에서 승인하지 않았습니다. 다른 결제 수단을 이용해 주세요.',
  bank_unavailable: '은행 점검 시간이라 이체하지 못했습니다. 다른 은행이나 결제 수단을 이용해 주세요.',
  phone_limit: '휴대폰 결제 월 한도를 넘었습니다. 다른 결제 수단을 이용해 주세요.',
  vbank_expired: '입금 기한이 지나 주문이 취소되었습니다.',
  invalid_number: '카드 번호가 올바르지 않습니다. 카드 번호를 확인해 다시 입력해 주세요.',
  expired: '유효기간이 지난 카드입니다. 다른 카드를 이용해 주세요.',
  insufficient: '카드 잔액이 부족합니다. 잔액을 확인하거나 다른 카드를 이용해 주세요.',
  limit: '카드 한도를 초과했습니다. 한도를 확인하거나 다른 카드를 이용해 주세요.',
  unavailable: '카드사와 연결되지 않아 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.',
  refused: '카드사에서 승인을 거절했습니다. 다른 카드를 이용하거나 카드사에 문의해 주세요.',
};

const byContext: Record<FailureContext, Record<'cancelled' | 'other', string>> = {
  payment: {
    cancelled: '결제를 취소했습니다.',
    other: '결제가 승인되지 않았습니다. 다른 결제 수단을 이용하거나 잠시 후 다시 시도해 주세요.',
  },
  registration: {
    cancelled: '카드 등록을 취소했습니다.',
    other: '카드를 등록하지 못했습니다. 카드 정보를 확인하거나 다른 카드를 이용해 주세요.',
  },
};

export function failureKind(raw: string): FailureKind {
  return patterns.find(([, pattern]) => pattern.test(raw))?.[0] ?? 'other';
}

/**
 * Our own reasons (a refusal to charge after a price change, a payment that never happened) are
 * already written for the customer: whole Korean sentences without codes or Latin letters, in our
 * "했습니다" style. The service's unrecognised texts are not (codes, fragments like "거래정지카드",
 * its formal "하였습니다"), and become "other". A registration's failure is always the service's.
 */
const ownSentence = /^[가-힣\s,.·'‘’()~]+[다요]\.$/;
const serviceStyle = /하였습니다|하셨습니다/;
const isOwn = (text: string) => ownSentence.test(text) && !serviceStyle.test(text);

export interface CustomerFailure {
  kind: FailureKind | 'own';
  /** What the customer reads. */
  words: string;
}

/** The customer's words for a failure text; `raw` stays with the caller for operators and logs. */
export function describeFailure(raw: string, context: FailureContext = 'payment'): CustomerFailure {
  const kind = failureKind(raw);
  if (kind === 'other' && context === 'payment' && isOwn(raw.trim())) return { kind: 'own', words: raw.trim() };
  if (kind === 'cancelled' || kind === 'other') return { kind, words: byContext[context][kind] };
  return { kind, words: words[kind] };
}

/** The same, for nullable record fields. */
export function failureWords(raw: string | null | undefined, context: FailureContext = 'payment'): string | null {
  return raw ? describeFailure(raw, context).words : null;
}

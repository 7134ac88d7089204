import { describeFailure, isWallet, type KeyMethod, PAY_METHOD_NAMES } from '@/lib/payments/client';

// What the registration panels say, in a card's or a wallet's words: a wallet has no issuer and no
// card data, so the service's card-worded failures are not shown for it.

const nameOf = (method: KeyMethod) => (isWallet(method) ? PAY_METHOD_NAMES[method] : '카드');

/** The toast once the server has kept the key: 카드가 / 카카오페이가 등록되었습니다. */
export const registeredWords = (method: KeyMethod) => `${nameOf(method)}가 등록되었습니다.`;

export const busyWords = (method: KeyMethod) =>
  ({
    starting: '결제창을 준비하고 있습니다…',
    window_open: isWallet(method)
      ? `결제창에서 ${nameOf(method)} 등록을 승인해 주세요.`
      : '결제창에서 카드 정보를 입력해 주세요.',
    verifying: `${nameOf(method)} 등록 결과를 확인하고 있습니다…`,
  }) as const;

/** The window's failure (its error_msg, or none when it was closed) as the customer reads it. */
export function registrationFailedWords(method: KeyMethod, errorMessage?: string | null): string {
  const cancelled = `${nameOf(method)} 등록을 취소했습니다.`;
  if (!errorMessage) return cancelled;
  const failure = describeFailure(errorMessage, 'registration');
  if (failure.kind === 'cancelled') return cancelled;
  if (!isWallet(method)) return failure.words;
  return `${nameOf(method)}에서 등록을 승인하지 않았습니다. 다른 결제수단을 이용하거나 ${nameOf(method)}에 문의해 주세요.`;
}

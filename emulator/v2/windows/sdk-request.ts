// The browser SDK's requests as the emulator reads them when a window is asked for: what the real
// SDK refuses before anything opens (the browser script checks the same), and the response shapes
// its promise resolves with (also the query of a redirect).
import type { Body } from '../../core/wire/fields';
import type { V2WindowKind } from './sessions';

const REQUIRED: Record<V2WindowKind, string[]> = {
  payment: ['storeId', 'paymentId', 'orderName', 'totalAmount', 'currency', 'payMethod'],
  'billing-key': ['storeId'],
  'billing-key-and-pay': ['storeId', 'paymentId', 'orderName', 'totalAmount', 'currency', 'billingKeyAndPayMethod'],
  'identity-verification': ['storeId', 'identityVerificationId'],
};

const TRANSACTION_TYPES: Record<V2WindowKind, string> = {
  payment: 'PAYMENT',
  'billing-key': 'ISSUE_BILLING_KEY',
  'billing-key-and-pay': 'ISSUE_BILLING_KEY_AND_PAY',
  'identity-verification': 'IDENTITY_VERIFICATION',
};

export const CANCEL_MESSAGES: Record<V2WindowKind, string> = {
  payment: '사용자가 결제를 취소하였습니다',
  'billing-key': '사용자가 빌링키 발급을 취소하였습니다',
  'billing-key-and-pay': '사용자가 결제를 취소하였습니다',
  'identity-verification': '사용자가 본인인증을 취소하였습니다',
};

const absent = (value: unknown) => value === undefined || value === null || value === '';
const ID = /^[\x21-\x7e]{1,200}$/;

/** What is wrong with a request, as the message its failure carries; null when nothing is. */
export function requestProblem(kind: V2WindowKind, request: Body): string | null {
  for (const field of REQUIRED[kind]) if (absent(request[field])) return `${field}: 필수 항목입니다.`;
  if (absent(request.channelKey))
    return absent(request.channelGroupId)
      ? 'channelKey: 필수 항목입니다.'
      : 'channelGroupId: 에뮬레이터는 채널 그룹을 지원하지 않습니다. channelKey를 지정하세요.';
  for (const field of ['storeId', 'channelKey', 'paymentId', 'identityVerificationId', 'orderName']) {
    if (!absent(request[field]) && typeof request[field] !== 'string') return `${field}: 문자열이어야 합니다.`;
  }
  for (const field of ['paymentId', 'identityVerificationId']) {
    if (typeof request[field] === 'string' && !ID.test(request[field]))
      return `${field}: 공백 없는 1~200자여야 합니다.`;
  }
  if (typeof request.orderName === 'string' && request.orderName.length > 200)
    return 'orderName: 최대 200자까지 입력할 수 있습니다.';
  const amount = request.totalAmount;
  if (amount !== undefined && (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0))
    return 'totalAmount: 0 이상의 정수여야 합니다.';
  if (kind === 'payment' && amount === 0) return 'totalAmount: 0보다 커야 합니다.';
  if (!absent(request.currency) && currencyOf(request) !== 'KRW') return 'currency: 에뮬레이터는 KRW만 지원합니다.';
  const redirect = request.redirectUrl;
  if (
    !absent(redirect) &&
    (typeof redirect !== 'string' || !/^https?:$/.test(URL.canParse(redirect) ? new URL(redirect).protocol : ''))
  )
    return 'redirectUrl: http(s) URL이어야 합니다.';
  return null;
}

/** `KRW` or the SDK's prefixed `CURRENCY_KRW`. */
export const currencyOf = (request: Body) => String(request.currency ?? 'KRW').replace(/^CURRENCY_/, '');

interface SdkOutcome {
  txId?: string;
  billingKey?: string;
  code?: string;
  message?: string;
  pgCode?: string;
  pgMessage?: string;
}

/** The SDK's response for this request: its ids, and code and message when it failed. */
export function sdkResponse(kind: V2WindowKind, request: Body, outcome: SdkOutcome): Record<string, string> {
  const { txId = '', billingKey, ...failure } = outcome;
  const text = (field: string) => (typeof request[field] === 'string' ? (request[field] as string) : '');
  const ids: Record<string, string> =
    kind === 'identity-verification'
      ? { identityVerificationId: text('identityVerificationId'), identityVerificationTxId: txId }
      : kind === 'billing-key'
        ? {}
        : { paymentId: text('paymentId'), txId };
  if (billingKey !== undefined) ids.billingKey = billingKey;
  const defined = Object.entries(failure).filter(([, value]) => value !== undefined) as [string, string][];
  return { transactionType: TRANSACTION_TYPES[kind], ...ids, ...Object.fromEntries(defined) };
}

/** A failure of the emulator (before a window opens): the code pages see from the real service. */
export const portoneError = (kind: V2WindowKind, request: Body, message: string) =>
  sdkResponse(kind, request, { code: 'PORTONE_ERROR', message });

/** The PG's refusal or the customer's cancel. */
export const pgFailure = (kind: V2WindowKind, request: Body, txId: string, message: string, pgCode: string) =>
  sdkResponse(kind, request, { txId, code: 'FAILURE_TYPE_PG', message, pgCode, pgMessage: message });

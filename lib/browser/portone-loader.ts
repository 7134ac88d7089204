import type { WindowMode } from '@/lib/identity/client';
import { loadScript } from './imp-loader';
import type {
  IssueBillingKeyRequest,
  PaymentRequest,
  PortOneV2,
  V2Outcome,
  V2PayMethod,
  V2Window,
} from './portone-v2-types';

/*
 * PortOne V2's browser script, loaded from the URL our server answered with (the emulator's
 * /v2/browser-sdk.js, or https://cdn.portone.io/v2/browser-sdk.js). Loaded here rather than through
 * @portone/browser-sdk (whose types we use): size is no reason either way (its four functions
 * tree-shake to ~0.5 kB gzip, these lines ~0.3 kB, and both come only with a V2 answer, see
 * portone-lazy.ts), but the package takes its URL through an export named `__INTERNAL__…` and
 * keeps a failed load's rejection for the page's life, so one network blip would need a reload.
 * Here a failed load is tried again, as V1's script is.
 */
let loading: { url: string; promise: Promise<void> } | undefined;

export async function loadPortOne(scriptUrl: string): Promise<PortOneV2> {
  if (!window.PortOne) {
    if (loading?.url !== scriptUrl) {
      const promise = loadScript(scriptUrl);
      promise.catch(() => {
        if (loading?.promise === promise) loading = undefined; // a failed load may be retried
      });
      loading = { url: scriptUrl, promise };
    }
    await loading.promise;
  }
  if (!window.PortOne) throw new Error('결제 모듈이 초기화되지 않았습니다.');
  return window.PortOne;
}

/** The fields every V2 answer has on failure (the package's response types all carry them). */
interface V2Failure {
  code?: string;
  message?: string;
  pgCode?: string;
  pgMessage?: string;
  txId?: string;
}

// A customer's cancel (a closed popup, the layer's ×): the PG's code, said in V1's words so the
// panels tell it as a cancel (lib/payments failure words), not as a refusal.
const CANCEL_CODES = new Set(['USER_CANCEL', 'PAY_PROCESS_CANCELED']);

/** Success, or why not. No answer at all means the page is being redirected: nothing settles. */
function outcomeOf<R extends V2Failure, Ids>(
  rsp: R | undefined,
  ids: (rsp: R) => Ids,
  cancelWords: string,
): Promise<V2Outcome<Ids>> {
  if (!rsp) return new Promise(() => undefined);
  if (rsp.code === undefined) return Promise.resolve({ success: true, ...ids(rsp) });
  const cancelled = CANCEL_CODES.has(rsp.pgCode ?? '');
  return Promise.resolve({
    success: false,
    error_code: rsp.pgCode ?? rsp.code ?? null,
    error_msg: cancelled ? cancelWords : rsp.pgMessage || rsp.message || '요청을 처리하지 못했습니다.',
    cancelled,
    // A payment the PG refused exists at the service: our server records why it failed.
    ...(rsp.txId && { txId: rsp.txId }),
  });
}

const WINDOW_TYPES = { popup: 'POPUP', layer: 'IFRAME', redirect: 'REDIRECTION' } as const;

/**
 * How the window opens: as the page asks (`windowMode`), else as the SDK chooses for the PG — a
 * layer or popup on a PC, the whole page on a phone, returning to `returnUrl` with the result.
 */
function windowParams(windowMode: WindowMode | undefined, returnPath: string) {
  const redirectUrl = `${window.location.origin}${returnPath}`;
  if (!windowMode) return { redirectUrl };
  const type = WINDOW_TYPES[windowMode];
  return { windowType: { pc: type, mobile: type }, redirectUrl };
}

export interface V2WindowOptions {
  windowMode?: WindowMode;
  /** Where a full-page window returns (phones), with the result in the query. */
  returnPath: string;
}

/** Identity verification (signup): the id our server minted, the age the window itself enforces. */
export async function verifyIdentityV2(
  start: V2Window & { identityVerificationId: string },
  { minAge, ...options }: V2WindowOptions & { minAge: number },
): Promise<V2Outcome<{ identityVerificationId: string }>> {
  const portOne = await loadPortOne(start.scriptUrl);
  const rsp = await portOne.requestIdentityVerification({
    storeId: start.storeId,
    channelKey: start.channelKey,
    identityVerificationId: start.identityVerificationId,
    // DANAL's own age limit (other PGs ignore it): our server checks the birth date again.
    bypass: { danal: { AGELIMIT: minAge } },
    ...windowParams(options.windowMode, options.returnPath),
  });
  return outcomeOf(
    rsp,
    (done) => ({ identityVerificationId: done.identityVerificationId }),
    '사용자가 본인인증을 취소하셨습니다.',
  );
}

export interface V2Registration extends V2Window {
  billingKeyMethod: 'CARD' | 'EASY_PAY';
  issueId: string;
  customer: { customerId: string };
  name: string;
  buyerName?: string;
  buyerEmail?: string;
}

/** A billing key issued in the window under the customer id our server minted. */
export async function issueBillingKeyV2(
  start: V2Registration,
  options: V2WindowOptions,
): Promise<V2Outcome<{ billingKey: string }>> {
  const portOne = await loadPortOne(start.scriptUrl);
  const request: IssueBillingKeyRequest = {
    storeId: start.storeId,
    channelKey: start.channelKey,
    billingKeyMethod: start.billingKeyMethod,
    issueId: start.issueId,
    issueName: start.name,
    customer: {
      customerId: start.customer.customerId,
      ...(start.buyerName && { fullName: start.buyerName }),
      ...(start.buyerEmail && { email: start.buyerEmail }),
    },
    ...windowParams(options.windowMode, options.returnPath),
  };
  const rsp = await portOne.requestIssueBillingKey(request);
  return outcomeOf(rsp, (done) => ({ billingKey: done.billingKey }), '사용자가 결제를 취소하셨습니다');
}

export interface V2Checkout extends V2Window {
  paymentId: string;
  orderName: string;
  totalAmount: number;
  currency: 'KRW';
  payMethod: V2PayMethod;
  easyPay?: { easyPayProvider: string };
  buyerName?: string;
  buyerEmail?: string;
}

// The ways to pay the V2 window is opened for here; another is refused before anything opens.
const V2_WINDOW_METHODS: readonly string[] = ['CARD', 'EASY_PAY'] satisfies V2PayMethod[];

/** The window checkout of an order our server created: its paymentId, at the amount it set. */
export async function requestPaymentV2(
  start: V2Checkout,
  options: V2WindowOptions,
): Promise<V2Outcome<{ paymentId: string; txId: string }>> {
  if (!V2_WINDOW_METHODS.includes(start.payMethod)) throw new Error('이 결제 수단의 결제창을 열 수 없습니다.');
  const portOne = await loadPortOne(start.scriptUrl);
  const request = {
    storeId: start.storeId,
    channelKey: start.channelKey,
    paymentId: start.paymentId,
    orderName: start.orderName,
    totalAmount: start.totalAmount,
    currency: start.currency,
    payMethod: start.payMethod,
    ...(start.easyPay && { easyPay: { easyPayProvider: start.easyPay.easyPayProvider } }),
    customer: {
      ...(start.buyerName && { fullName: start.buyerName }),
      ...(start.buyerEmail && { email: start.buyerEmail }),
    },
    ...windowParams(options.windowMode, options.returnPath),
  } as PaymentRequest; // easyPayProvider is the package's string union; our server names one of it
  const rsp = await portOne.requestPayment(request);
  return outcomeOf(rsp, (done) => ({ paymentId: done.paymentId, txId: done.txId }), '사용자가 결제를 취소하셨습니다');
}

// PortOne V2 in the browser: what our start routes answer for it (docs/architecture.md "Either API"),
// and the script's surface (window.PortOne). The request and response shapes are the
// @portone/browser-sdk package's own types, imported as types only: nothing of the package is bundled.
import type {
  IdentityVerificationRequest,
  IdentityVerificationResponse,
  IssueBillingKeyRequest,
  IssueBillingKeyResponse,
  PaymentRequest,
  PaymentResponse,
} from '@portone/browser-sdk/v2';
import type { RegistrationAnswer } from '@/lib/cards/client';
import type { CheckoutAnswer } from '@/lib/orders/client';

export type { IdentityVerificationRequest, IssueBillingKeyRequest, PaymentRequest };

/** What every V2 start answer carries: the script to load (emulator or PortOne's CDN) and the store's channel. */
export interface V2Window {
  api: 'v2';
  scriptUrl: string;
  storeId: string;
  channelKey: string;
}
/** A V1 answer: `api` says so, or is missing (answers from before the field). */
export interface V1Window {
  api?: 'v1';
}

/** POST /api/identity/checks. */
export type IdentityCheckStart = (V1Window & { merchantUid: string }) | (V2Window & { identityVerificationId: string });

/** POST /api/cards/window: the registration, and on V2 the billing-key window's fields (lib/cards). */
export type RegistrationStart = RegistrationAnswer;

export type V2PayMethod = 'CARD' | 'EASY_PAY' | 'VIRTUAL_ACCOUNT' | 'TRANSFER' | 'MOBILE';

/** POST /api/checkout: the order, and on V2 the payment window's fields (lib/orders; paymentId is the merchantUid). */
export type CheckoutOpening = CheckoutAnswer;

/** What a window reports back to our server, per API: V1's imp_uid, or V2's identifiers. */
export type RegistrationProof = string | { billingKey: string };
export type CheckoutProof = string | { paymentId: string; txId?: string };

/**
 * How a V2 window ended, in the terms the V1 wrappers' answers use: success with the identifiers,
 * or not, with the service's code and a message (a customer's cancel is said as V1 says it).
 */
export type V2Outcome<Ids> =
  | ({ success: true } & Ids)
  | { success: false; error_code: string | null; error_msg: string; cancelled: boolean; txId?: string };

/**
 * The part of window.PortOne the shop calls. The package's types declare window.PortOne itself
 * (the whole SDK surface); the emulator's script and PortOne's set it.
 */
export interface PortOneV2 {
  requestIdentityVerification(request: IdentityVerificationRequest): Promise<IdentityVerificationResponse | undefined>;
  requestIssueBillingKey(request: IssueBillingKeyRequest): Promise<IssueBillingKeyResponse | undefined>;
  requestPayment(request: PaymentRequest): Promise<PaymentResponse | undefined>;
}

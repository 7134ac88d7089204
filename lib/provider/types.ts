import 'server-only';

// The app's own view of a payment service, whichever API answers. Nothing here is a wire type:
// each adapter maps its API's records into these, and callers switch on the unions.

/** Which PortOne API a record was made on (and so which one refunds and reads it). */
export type Api = 'v1' | 'v2';

export type PaymentStatus = 'ready' | 'paid' | 'failed' | 'cancelled';

/** One refund (partial or full) of a payment, as the service recorded it. */
export interface Cancellation {
  /** Stable per refund: how a refund whose answer was lost is recognised in the record. */
  id: string;
  amount: number;
  /** Service clock, UNIX seconds; null when the record does not say. */
  at: number | null;
  reason: string | null;
}

export interface ProviderPayment {
  api: Api;
  /** How this API finds the payment again (read, refund): V1 imp_uid, V2 paymentId. */
  id: string;
  /** Our order number for it: V1 merchant_uid, V2 paymentId (the merchant names V2 payments). */
  orderId: string;
  /** The service's own number: V1 imp_uid, V2 transactionId; null before the service assigned one. */
  transactionId: string | null;
  /** A payment refunded in part stays `paid` (see cancelledAmount); `cancelled` is refunded in full. */
  status: PaymentStatus;
  /** KRW charged (V1 amount, V2 amount.total). */
  amount: number;
  cancelledAmount: number;
  /** What a refund may still return: amount − cancelledAmount (V1 checksum, V2 currentCancellableAmount). */
  cancellableAmount: number;
  method: 'card' | 'easy_pay' | 'vbank' | 'transfer' | 'mobile' | 'cvs' | 'other' | null;
  /** The billing key it was charged to or issued for: V1 customer_uid, V2 billingKey. */
  billingKey: string | null;
  /** Made through a test channel: no money moved, so it never counts as paid. */
  sandbox: boolean;
  /** Service clock, UNIX seconds. */
  paidAt: number | null;
  failedAt: number | null;
  cancelledAt: number | null;
  failReason: string | null;
  receiptUrl: string | null;
  cardName: string | null;
  /** Masked; never more. */
  cardNumber: string | null;
  cancellations: Cancellation[];
}

/** A stored card or wallet the service charges on the merchant's request. */
export interface BillingKey {
  api: Api;
  /** What every later charge names: V1 the server-minted customer_uid, V2 the service-issued billingKey. */
  key: string;
  /** Our id for whom it was issued: V1 the customer_uid (= key), V2 the customer id the window was given. */
  customerId: string | null;
  /** The PG it pays through, as the service names it (V1 `kakaopay.store`, V2 `KAKAOPAY`): a wallet's is the wallet. */
  pgProvider: string | null;
  cardName: string | null;
  cardNumber: string | null;
  /** Issued through a test channel: its charges are sandbox too. */
  sandbox: boolean;
  /** Service clock, UNIX seconds; null when the record does not say. */
  issuedAt: number | null;
}

/** A verified person, from the service's record of an identity check. */
export interface VerifiedIdentity {
  name: string;
  /** YYYY-MM-DD */
  birthday: string;
  gender: 'male' | 'female' | null;
  phone: string | null;
  /** CI: one per person at every merchant. */
  uniqueKey: string;
  /** DI: one per person at this merchant; null when the service did not give it. */
  uniqueInSite: string | null;
  /** Service clock, UNIX seconds. */
  verifiedAt: number;
}

export type IdentityCheck =
  | {
      outcome: 'verified';
      /** The check's id at the service: V1 imp_uid, V2 identityVerificationId. */
      id: string;
      /** Our id for it: V1 merchant_uid, V2 identityVerificationId; null when V1's record has none. */
      requestId: string | null;
      /** The page that started it (V1 only; V2's id is ours and bound to the browser instead). */
      origin: string | null;
      identity: VerifiedIdentity;
    }
  | { outcome: 'not_verified'; id: string; requestId: string | null }
  | { outcome: 'not_found'; id: string };

/** What registering a card by its number (key-in) came to. */
export type KeyRegistration = { outcome: 'issued'; key: BillingKey } | { outcome: 'refused'; message: string };

export interface PaidCharge {
  outcome: 'paid';
  payment: ProviderPayment;
}
export interface DeclinedCharge {
  outcome: 'declined';
  payment: ProviderPayment;
  /** The issuer's reason, e.g. 잔액부족. */
  reason: string;
}
/** Nothing was charged by this call and no payment record tells more: the service's text only. */
export interface RejectedCharge {
  outcome: 'rejected';
  message: string;
}

/** What charging a billing key came to. */
export type ChargeResult = PaidCharge | DeclinedCharge | RejectedCharge;

/** What a payment record says about its charge. */
export type PaymentOutcome =
  | PaidCharge
  | DeclinedCharge
  | { outcome: 'cancelled'; payment: ProviderPayment }
  | { outcome: 'ready'; payment: ProviderPayment };

/** The truth about a charge whose answer was lost: its record, or `not_found` (never charged). */
export type ResolvedCharge = PaymentOutcome | { outcome: 'not_found'; orderId: string };

/** A refund either made (the payment as it is now) or refused by the service (nothing moved). */
export type CancelResult =
  | { outcome: 'refunded'; payment: ProviderPayment }
  | {
      outcome: 'refused';
      /** `stale_balance`: the cancellable amount we sent is no longer the service's (another refund came first). */
      reason: 'stale_balance' | 'already_cancelled' | 'not_paid' | 'other';
      message: string;
    };

/** A charge booked at the service for later. */
export interface BookedCharge {
  /** How the booking is read and revoked: V1 its merchant_uid, V2 the service's schedule id. */
  scheduleId: string;
  orderId: string;
  /** Service clock, UNIX seconds. */
  at: number;
}

/** A booking read back: still to come, revoked, or what its execution did. */
export type ScheduledCharge =
  | { outcome: 'scheduled'; scheduleId: string }
  | { outcome: 'revoked'; scheduleId: string }
  | (PaymentOutcome & { scheduleId: string })
  | { outcome: 'rejected'; scheduleId: string; message: string };

/** A payment-window checkout checked against the service's record. */
export type CheckoutVerification =
  | PaidCharge
  /** Paid, but not what was pinned: refund it in full. */
  | { outcome: 'amount_mismatch'; payment: ProviderPayment; expected: number }
  /** The record is another order's: the browser named a payment that is not this one. */
  | { outcome: 'foreign'; payment: ProviderPayment }
  | Exclude<PaymentOutcome, PaidCharge>;

/** What a notice (webhook) asks the app to re-read; the re-read record, never the notice, decides. */
export type Notice =
  | { kind: 'payment'; payment: ProviderPayment }
  /** The payment the notice names is not readable (yet, or not this merchant's). */
  | { kind: 'payment_missing'; id: string }
  | { kind: 'billing_key'; key: string; event: 'issued' | 'deleted' | 'other' }
  | { kind: 'identity'; id: string }
  | { kind: 'ignored'; type: string };

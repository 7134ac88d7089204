import 'server-only';
import type {
  Api,
  BillingKey,
  BookedCharge,
  CancelResult,
  ChargeResult,
  CheckoutVerification,
  IdentityCheck,
  KeyRegistration,
  Notice,
  ProviderPayment,
  ResolvedCharge,
  ScheduledCharge,
} from './types';

/** Who pays, as the service's buyer fields (each adapter fits them to its API's limits). */
export interface Buyer {
  name: string;
  email: string;
}

export interface CardCredentials {
  number: string;
  /** YYYY-MM */
  expiry: string;
  /** YYMMDD, or a 10-digit business number. */
  birth: string;
  /** The first two digits of the card's PIN. */
  pwd2digit: string;
}

export interface ChargeKeyInput {
  key: string;
  /** Server-minted, new for every attempt: how a charge whose answer was lost is found again. */
  orderId: string;
  /** KRW, decided by the server. */
  amount: number;
  /** What the customer sees on the statement. */
  orderName: string;
  buyer?: Buyer;
}

export interface CancelInput {
  /** The payment's id on its API (ProviderPayment.id). */
  id: string;
  /** Omitted: everything that is left. */
  amount?: number;
  /**
   * The balance the caller believes refundable: the service refuses on a mismatch, so two refunds
   * decided at once never both pay out (V1 checksum, V2 currentCancellableAmount).
   */
  cancellableAmount: number;
  reason: string;
}

export interface ScheduleInput extends ChargeKeyInput {
  /** When to charge, service clock, UNIX seconds. */
  at: number;
}

/** A listing of the service's payments in a window of its clock. */
export interface PaymentListInput {
  /** `paid` includes payments refunded in part (still paid); `cancelled` is refunded in full. */
  status: 'paid' | 'cancelled';
  /** Service clock, UNIX seconds: the payments whose status changed in [from, to]. */
  from: number;
  to: number;
}

export interface NoticeInput {
  /** The raw body, exactly as received (a signature covers its bytes). */
  body: string;
  headers: Headers;
}

/**
 * One payment service API behind the seam the app's domains call. Reads throw
 * ProviderNotFoundError for an unknown record; a service that could not be reached throws
 * ProviderUnavailableError; a charge whose fate is unknown throws ProviderChargeUnknownError (then
 * `resolveCharge`, never a second charge).
 */
export interface PaymentProvider {
  readonly api: Api;

  /** The service's clock, UNIX seconds: compare its timestamps with this, never with the local clock. */
  serviceNow(options?: { fresh?: boolean }): Promise<number>;

  /** The record of an identity check the browser reported (V1 imp_uid, V2 identityVerificationId). */
  readIdentityCheck(id: string): Promise<IdentityCheck>;

  /**
   * Registers a card by its number. `reference` is our own id for the card: V1 issues the key under
   * it (customer_uid); V2 issues a key of its own and keeps the reference as the customer's id.
   */
  registerCard(input: { reference: string; card: CardCredentials; buyer?: Buyer }): Promise<KeyRegistration>;
  /** A key as the service holds it (after a window issued it); a deleted or unknown key → ProviderNotFoundError. */
  readKey(key: string): Promise<BillingKey>;
  /** Deletes a key at the service; an unknown or already deleted one is not an error. */
  deleteKey(key: string): Promise<void>;
  /**
   * The keys the service holds issued for our customer id (V1: the one under that customer_uid;
   * V2: every key whose customer id it is) — how a key whose issuance answer was lost is found again.
   */
  listKeys(input: { customerId: string }): Promise<BillingKey[]>;

  /** Charges a key once (V1 /subscribe/payments/again, V2 POST /payments/{paymentId}/billing-key). */
  chargeKey(input: ChargeKeyInput): Promise<ChargeResult>;
  /** The truth about a charge whose answer was lost, by our order id. */
  resolveCharge(orderId: string): Promise<ResolvedCharge>;

  /** A payment by its id on this API (ProviderPayment.id). */
  readPayment(id: string): Promise<ProviderPayment>;
  /** Every payment of this API (this store) in `status` whose status changed in [from, to], each once. */
  listPayments(input: PaymentListInput): Promise<ProviderPayment[]>;
  /** A full or partial refund, checked against the balance the caller believes left. */
  cancel(input: CancelInput): Promise<CancelResult>;

  /** Books a charge of a key at `at`. */
  schedule(input: ScheduleInput): Promise<BookedCharge>;
  /** Revokes a booking; false when it was no longer revocable (already run, revoked or unknown). */
  revokeSchedule(input: { key: string; scheduleId: string }): Promise<boolean>;
  /** A booking and, once run, what its charge came to. */
  readSchedule(scheduleId: string): Promise<ScheduledCharge>;

  /** Pins the amount a payment window may charge for `orderId` before the window opens. */
  prepareCheckout(input: { orderId: string; amount: number }): Promise<void>;
  /** A window's payment the browser reported (`id`), checked against our order and its amount. */
  verifyCheckout(input: { id: string; orderId: string; amount: number }): Promise<CheckoutVerification>;

  /** A notice posted to the app: checked (V2: its signature), then its payment re-read. */
  receiveNotice(input: NoticeInput): Promise<Notice>;
}

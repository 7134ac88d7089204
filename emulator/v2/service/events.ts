// Announcing a V2 event (Transaction.Paid, BillingKey.Issued, IdentityVerification.Verified, …):
// any part of the emulator calls `sendV2Event`; the V2 webhook sender (v2/webhooks.ts) turns it
// into signed deliveries to the store's webhook URL, logged with V1's.
import type { Emulator } from '../../core/emulator';

export interface V2EventInput {
  type: string;
  /** The event's data: storeId and the ids it is about (paymentId, transactionId, billingKey, …). */
  data: Record<string, string>;
  /** Target URLs of this event; default (empty): the store's webhook URL. */
  urls?: string[];
}

export function sendV2Event(core: Emulator, merchantCode: string, event: V2EventInput): void {
  void core.v2Events.emit({ merchant_code: merchantCode, type: event.type, data: event.data, urls: event.urls ?? [] });
}

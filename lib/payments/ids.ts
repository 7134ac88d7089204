import 'server-only';
import { randomBytes } from 'node:crypto';

/**
 * What each server-minted identifier is for; the prefix also tells the webhook handler whose
 * payment a notice is about. 16 random bytes: unguessable, and well within the service's
 * 40-character limits for merchant_uid and customer_uid.
 */
export type IdKind =
  | 'cus' // customer_uid of one card (billing key)
  | 'ord' // merchant_uid of an order (one-click or payment-window checkout)
  | 'sub' // merchant_uid of a subscription's first charge
  | 'ren'; // merchant_uid of a subscription's scheduled charge (renewal or retry)

export function mintServiceId(kind: IdKind): string {
  return `${kind}_${randomBytes(16).toString('base64url')}`;
}

export function kindOf(id: string): IdKind | undefined {
  const prefix = id.slice(0, 4);
  return prefix === 'cus_' || prefix === 'ord_' || prefix === 'sub_' || prefix === 'ren_'
    ? (prefix.slice(0, 3) as IdKind)
    : undefined;
}

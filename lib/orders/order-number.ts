import 'server-only';
import { randomInt } from 'node:crypto';

const KST_MS = 9 * 3_600_000;

/**
 * A number the customer can read out on the phone: the order's day in Korea and six random digits
 * (`261127-048213`). Unique by the column's constraint; a collision is drawn again (open-order.ts).
 */
export function mintOrderNumber(at = new Date()): string {
  const day = new Date(at.getTime() + KST_MS).toISOString().slice(2, 10).replaceAll('-', '');
  return `${day}-${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

/** The form the order page's address takes; anything else is not an order number (404, nothing read). */
export const ORDER_NUMBER_PATTERN = /^\d{6}-\d{6}$/;

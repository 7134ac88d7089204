import type { ShipmentSummary } from '@/lib/orders/client';

// A goods subscription's box as the console's queue (/ops/orders) shows it, beside the orders: the
// same filters (lib/ops/client/orders.ts), the same steps, and what the box is paid by.

export interface OpsShipment extends ShipmentSummary {
  subscriptionId: string;
  subscriptionNumber: string;
  planName: string;
  /** The charge that paid for the box; null for a free trial's box (0 won). */
  charge: { merchantUid: string; amount: number; refundedAmount: number; paidAt: number | null } | null;
  /** The subscription has ended or is set to end: the box ships all the same (its period is paid). */
  subscriptionEnding: boolean;
}

/** A subscription's number (`S260115-738421`) or one of its boxes' (`S260115-738421-2`). */
export const SHIPMENT_NUMBER_PATTERN = /^S\d{6}-\d{6}(-\d{1,4})?$/;

// The console's webhook deliveries: the view and the list's filters.
import { z } from 'zod';
import type { PayMethod } from '@/lib/payments/client';
import { calendarDay } from '@/lib/values/client';
import { optionalText, pageFields } from './lists';

export interface WebhookDeliveryView {
  id: string;
  /** ISO 8601 */
  receivedAt: string;
  impUid: string | null;
  merchantUid: string | null;
  status: string | null;
  body: string;
  outcome: string | null;
  /** ISO 8601 */
  processedAt: string | null;
  /** The method of the order it named (its outcome's words depend on it); null for anything else. */
  payMethod: PayMethod | null;
}

export const webhookFiltersSchema = z.object({
  /** An imp_uid or merchant_uid. */
  payment: optionalText,
  outcome: z.enum(['ok', 'ignored', 'error']).optional(),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  ...pageFields,
});
export type WebhookFilters = z.infer<typeof webhookFiltersSchema>;

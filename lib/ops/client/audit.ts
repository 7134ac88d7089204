// The console's audit log: a row as shown and the list's filters.
import { z } from 'zod';
import { calendarDay } from '@/lib/values/client';
import { optionalText, pageFields } from './lists';

export interface AuditView {
  id: string;
  /** ISO 8601 */
  at: string;
  operatorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  amount: number | null;
  reason: string | null;
  note: string | null;
  result: string;
}

export const auditFiltersSchema = z.object({
  operator: optionalText,
  action: optionalText,
  target: optionalText,
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  ...pageFields,
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

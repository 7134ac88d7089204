// What every list of the operator console shares (no server code here): its page, the page's
// query, and the text fields of its filters.
import { z } from 'zod';

export const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => v || undefined);
export const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

export const pageQuerySchema = z.object(pageFields);

export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}

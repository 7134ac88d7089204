import 'server-only';
import { z } from 'zod';
import { type Known, money, orderFields, paymentStatus, text, timestamp } from './primitives';

/** One booked charge, as booking, revoking and reading answer it. */
export const scheduleSchema = z.looseObject({
  customer_uid: z.string().min(1),
  merchant_uid: z.string().min(1),
  /** null until executed. */
  imp_uid: text,
  schedule_at: timestamp,
  executed_at: timestamp,
  revoked_at: timestamp,
  amount: money,
  currency: text,
  ...orderFields,
  schedule_status: z.enum(['scheduled', 'executed', 'revoked']),
  /** null until executed. */
  payment_status: paymentStatus.nullish().transform((value) => value ?? null),
  fail_reason: text,
});

export const scheduleListSchema = z.array(scheduleSchema);

/**
 * A page of GET /subscribe/payments/schedule/customers/{customer_uid}: the Swagger file types it as
 * the array; its description says "paged", so the `{ list, next }` shape is read as well.
 */
export const schedulePageSchema = z.union([
  scheduleListSchema.transform((list) => ({ list, next: null })),
  z
    .looseObject({ list: scheduleListSchema.nullish(), next: z.number().int().nonnegative().nullish() })
    .transform(({ list, next }) => ({ list: list ?? [], next: next ?? 0 })),
]);

export type Schedule = Known<z.output<typeof scheduleSchema>>;

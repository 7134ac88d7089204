import 'server-only';
import { z } from 'zod';
import { shippingBody } from '@/lib/orders';
import { refuseSubscription } from './refusals';

// Bodies and path parameters of the subscription routes. The browser names a plan, never a price.

export const subscribeBody = z
  .object({
    planId: z.string({ error: '필수 항목입니다.' }).regex(/^[a-z0-9-]{1,40}$/, '요금제 형식이 올바르지 않습니다.'),
    idempotencyKey: z
      .string({ error: '필수 항목입니다.' })
      .regex(/^[\w-]{16,64}$/, '요청 키(idempotencyKey) 형식이 올바르지 않습니다.'),
    cardId: z.uuid('카드 번호 형식이 올바르지 않습니다.').optional(),
    /** A goods plan's delivery address (the order sheet's fields and limits); required for goods. */
    shipping: shippingBody.optional(),
    // Checked by the service (consent_required, 422), not here: a missing or odd consent is a refusal, not a typo.
    consent: z.unknown().optional(),
  })
  .strict();

export const offerQuery = z
  .object({
    planId: z.string({ error: '필수 항목입니다.' }).regex(/^[a-z0-9-]{1,40}$/, '요금제 형식이 올바르지 않습니다.'),
    cardId: z.uuid('카드 번호 형식이 올바르지 않습니다.').optional(),
  })
  .strict();

export const changeShippingBody = z.object({ shipping: shippingBody }).strict();

export const changeCardBody = z.object({ cardId: z.uuid('카드 번호 형식이 올바르지 않습니다.') }).strict();

/** A subscription id from the path; anything but a UUID is simply not found. */
export function subscriptionIdFrom(value: string): string {
  if (!z.uuid().safeParse(value).success) throw refuseSubscription('subscription_not_found');
  return value;
}

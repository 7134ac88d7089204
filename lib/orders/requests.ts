import 'server-only';
import { z } from 'zod';
import { badRequest } from '@/lib/http/errors';
import { refuseOrder } from './refusals';

// Bodies of the order routes. The browser names a product and a key, never a price.

const productId = z
  .string({ error: '필수 항목입니다.' })
  .regex(/^[a-z0-9-]{1,40}$/, '상품 번호 형식이 올바르지 않습니다.');
/** One purchase attempt, made up by the page: a repeat of the same request makes no second order. */
const idempotencyKey = z
  .string({ error: '필수 항목입니다.' })
  .regex(/^[\w-]{16,64}$/, '요청 키(idempotencyKey) 형식이 올바르지 않습니다.');

export const buyNowBody = z
  .object({ productId, idempotencyKey, cardId: z.uuid('카드 번호 형식이 올바르지 않습니다.').optional() })
  .strict();

/** A window checkout or a convenience-store barcode for one product. */
export const productOrderBody = z.object({ productId, idempotencyKey }).strict();

/** The attempt keys a page still holds (one per way to buy); a malformed one is a 400. */
export function attemptKeysQuery(values: string[]): string[] {
  const parsed = z.array(idempotencyKey).max(4, '요청 키가 너무 많습니다.').safeParse(values);
  if (!parsed.success) throw badRequest('입력값을 확인해 주세요.', { key: parsed.error.issues[0]?.message ?? '' });
  return parsed.data;
}

export const checkoutResultBody = z
  .object({
    merchant_uid: z.string().regex(/^ord_[\w-]{1,60}$/, '주문 번호(merchant_uid) 형식이 올바르지 않습니다.'),
    imp_uid: z.string().regex(/^imp_\w{1,40}$/, '결제 번호(imp_uid) 형식이 올바르지 않습니다.'),
  })
  .strict();

/** The service's collection check: the payment in its envelope (only imp_uid is used; the rest is re-read). */
export const collectionCheckBody = z.object({ response: z.object({ imp_uid: z.string().regex(/^imp_\w{1,40}$/) }) });

/** An order's merchant_uid from the path; anything else is an order that does not exist. */
export function merchantUidFrom(value: string): string {
  if (!/^ord_[\w-]{1,60}$/.test(value)) throw refuseOrder('order_not_found');
  return value;
}

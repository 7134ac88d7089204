import { withObject } from '@/lib/values/client';
import 'server-only';
import { z } from 'zod';
import { badRequest } from '@/lib/http';
import { CHECKOUT_METHODS, PAY_METHOD_NAMES } from '@/lib/payments/client';
import { MAX_QUANTITY, SHIPPING_LIMITS, tooLongMessage } from '@/lib/values/client';
import { cashReceiptRequest } from './cash-receipt-request';
import { refuseOrder } from './refusals';

// Bodies of the order routes. The browser names a product and a key, never a price.

const productId = z
  .string({ error: '필수 항목입니다.' })
  .regex(/^[a-z0-9-]{1,40}$/, '상품 번호 형식이 올바르지 않습니다.');
/** One purchase attempt, made up by the page: a repeat of the same request makes no second order. */
const idempotencyKey = z
  .string({ error: '필수 항목입니다.' })
  .regex(/^[\w-]{16,64}$/, '요청 키(idempotencyKey) 형식이 올바르지 않습니다.');

const line = (label: string, field: keyof typeof SHIPPING_LIMITS) =>
  z
    .string({ error: '필수 항목입니다.' })
    .trim()
    .min(1, `${withObject(label)} 입력해 주세요.`)
    .max(SHIPPING_LIMITS[field], tooLongMessage(field));
const optionalLine = (field: keyof typeof SHIPPING_LIMITS) =>
  z.string().trim().max(SHIPPING_LIMITS[field], tooLongMessage(field)).default('');

/** The order sheet's 배송지. Phone numbers are kept in the 010-1234-5678 form. */
export const shippingBody = z
  .object({
    recipient: line('받는 분', 'recipient'),
    phone: z
      .string({ error: '필수 항목입니다.' })
      .trim()
      .regex(/^01[016789]-?\d{3,4}-?\d{4}$/, '휴대폰 번호를 010-1234-5678 형식으로 입력해 주세요.')
      .transform((value) => value.replace(/^(\d{3})-?(\d{3,4})-?(\d{4})$/, '$1-$2-$3')),
    postcode: z
      .string({ error: '필수 항목입니다.' })
      .trim()
      .regex(/^\d{5}$/, '우편번호 5자리를 입력해 주세요.'),
    address: line('주소', 'address'),
    addressDetail: optionalLine('addressDetail'),
    note: optionalLine('note'),
  })
  .strict();

/** The order sheet: how many, where to, and whether that address becomes the default. */
const orderSheet = {
  quantity: z
    .number({ error: '수량을 입력해 주세요.' })
    .int('수량은 정수로 입력해 주세요.')
    .min(1, '수량은 1개 이상이어야 합니다.')
    .max(MAX_QUANTITY, `수량은 ${MAX_QUANTITY}개까지 주문할 수 있습니다.`)
    .default(1),
  shipping: shippingBody.optional(),
  saveAddress: z.boolean().default(false),
};

export const buyNowBody = z
  .object({
    productId,
    idempotencyKey,
    cardId: z.uuid('카드 번호 형식이 올바르지 않습니다.').optional(),
    ...orderSheet,
  })
  .strict();

/** How the window is to pay (a card when the page does not say: the window's way before there was a choice). */
const payMethod = z
  .enum(CHECKOUT_METHODS, {
    error: `결제 수단은 ${CHECKOUT_METHODS.map((method) => PAY_METHOD_NAMES[method]).join(', ')} 중 하나를 선택해 주세요.`,
  })
  .default('card');

/** A 현금영수증 asked for at checkout (a cash method only: lib/orders/cash-receipt.ts). */
const cashReceipt = cashReceiptRequest.optional();

/** A payment-window checkout: the product, the order sheet, the way to pay and a 현금영수증 asked for. */
export const checkoutBody = z.object({ productId, idempotencyKey, ...orderSheet, payMethod, cashReceipt }).strict();

/** A convenience-store barcode for one product (no delivery). */
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

/** V2's window: the paymentId it paid, which is our merchant_uid (V2 lets the merchant name its payments). */
export const checkoutResultBodyV2 = z
  .object({
    merchant_uid: z.string().regex(/^ord_[\w-]{1,60}$/, '주문 번호(merchant_uid) 형식이 올바르지 않습니다.'),
    paymentId: z.string().regex(/^[\w-]{1,200}$/, '결제 번호(paymentId) 형식이 올바르지 않습니다.'),
    txId: z.string().max(200).optional(),
  })
  .strict();

/** The service's collection check: the payment in its envelope (only imp_uid is used; the rest is re-read). */
export const collectionCheckBody = z.object({ response: z.object({ imp_uid: z.string().regex(/^imp_\w{1,40}$/) }) });

/** An order's merchant_uid from the path; anything else is an order that does not exist. */
export function merchantUidFrom(value: string): string {
  if (!/^ord_[\w-]{1,60}$/.test(value)) throw refuseOrder('order_not_found');
  return value;
}

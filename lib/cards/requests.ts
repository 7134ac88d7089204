import 'server-only';
import { z } from 'zod';
import { validateKeyIn } from '@/lib/cards/card-input';
import { WALLETS } from '@/lib/payments/client';
import { refuseCard } from './refusals';

// Bodies and path parameters of the card routes. Messages never echo what was sent (card data).

export const windowResultBody = z.object({
  customer_uid: z.string().regex(/^cus_[\w-]{1,60}$/, '카드 등록 번호(customer_uid) 형식이 올바르지 않습니다.'),
  imp_uid: z.string().regex(/^imp_\w{1,40}$/, '결제 번호(imp_uid) 형식이 올바르지 않습니다.'),
});

/** V2: the billing key the window issued (the service names it); whose it is, the service's record says. */
export const windowResultBodyV2 = z.object({
  customer_uid: z.string().regex(/^cus_[\w-]{1,60}$/, '카드 등록 번호(customer_uid) 형식이 올바르지 않습니다.'),
  billingKey: z.string().regex(/^[\w-]{1,200}$/, '빌링키 형식이 올바르지 않습니다.'),
});

const entry = z.string({ error: '필수 항목입니다.' }).max(32, '너무 깁니다.');

/** The key-in form's fields, checked with the same rules the form shows as the customer types. */
export const keyInBody = z
  // The consent is checked by lib/consents/card (422 consent_required), not as a field.
  .object({ cardNumber: entry, expiry: entry, birth: entry, pwd2digit: entry, consent: z.unknown().optional() })
  .strict()
  .superRefine(({ consent: _consent, ...fields }, context) => {
    for (const [path, message] of Object.entries(validateKeyIn(fields))) {
      context.addIssue({ code: 'custom', path: [path], message });
    }
  });

/** A card id from the path; anything but a UUID is simply a card that does not exist. */
export function cardIdFrom(value: string): string {
  if (!z.uuid().safeParse(value).success) throw refuseCard('card_not_found');
  return value;
}

/** A window registration: the consent, and what to register (a card unless a wallet is named). */
export const windowStartBody = z
  .object({
    consent: z.unknown().optional(),
    method: z.enum(['card', ...WALLETS], { error: '등록할 결제수단이 올바르지 않습니다.' }).default('card'),
  })
  .strict();

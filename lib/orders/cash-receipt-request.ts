import { z } from 'zod';
import { CASH_RECEIPT_TYPES, type CashReceiptRequest, digitsOf, identifierProblem } from './cash-receipt-input';

// The 현금영수증 a checkout or the order page sends, checked as the route reads it. Apart from the
// words and checks of cash-receipt-input.ts so that the order sheet does not load zod with them.

/** The request: its type and the number, kept as digits only. */
export const cashReceiptRequest: z.ZodType<CashReceiptRequest, unknown> = z
  .object({
    type: z.enum(CASH_RECEIPT_TYPES, { error: '현금영수증 용도를 골라 주세요.' }),
    identifier: z.string({ error: '번호를 입력해 주세요.' }).max(30, '번호가 너무 깁니다.'),
  })
  .strict()
  .superRefine((value, context) => {
    const problem = identifierProblem(value.type, value.identifier);
    if (problem) context.addIssue({ code: 'custom', path: ['identifier'], message: problem });
  })
  .transform((value) => ({ type: value.type, identifier: digitsOf(value.identifier) }));

import { z } from 'zod';
import { isRefundBank } from './bank-account';

// Apart from the banks (bank-account.ts) so that a page naming a bank does not load zod with it.

/** 은행, 예금주, 계좌번호 as typed; the holder is then checked at the service (GET /vbanks/holder). */
export const refundAccountSchema = z
  .object({
    bank: z.string().refine(isRefundBank, '은행을 골라 주세요.'),
    holder: z
      .string()
      .trim()
      .min(1, '예금주를 입력해 주세요.')
      .max(20, '예금주는 20자 이하로 입력해 주세요.')
      // Names as banks print them: Hangul, Latin letters, spaces and the marks of a company's name.
      .regex(/^[\p{Script=Hangul}A-Za-z .·()&-]+$/u, '예금주는 통장에 적힌 이름 그대로 입력해 주세요.'),
    account: z
      .string()
      .max(30, '계좌번호는 숫자 8~16자리입니다.')
      .regex(/^[\d\s-]*$/, '계좌번호는 숫자만 입력해 주세요.')
      .transform((value) => value.replace(/\D/g, ''))
      .refine((digits) => digits.length >= 8 && digits.length <= 16, '계좌번호는 숫자 8~16자리입니다.'),
  })
  .strict();

export type RefundAccountInput = z.infer<typeof refundAccountSchema>;

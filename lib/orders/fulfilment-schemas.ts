import { z } from 'zod';
import { withObject, withTopic } from '@/lib/values/client';
import { CARRIERS, RETURN_REASONS } from './fulfilment-words';

// What customers and operators type about an order's way (return reasons, shipping, return
// decisions), checked by the routes; the forms send it. Apart from fulfilment.ts so that pages that
// only show an order do not load zod.

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .min(1, `${withObject(label)} 입력해 주세요.`)
    .max(max, `${withTopic(label)} ${max}자 이하로 입력해 주세요.`)
    .refine((value) => !value.includes('\u0000'), `${label}에 쓸 수 없는 문자가 있습니다.`);

/** A return request: one of the reasons, and details (required for 기타). */
export const returnRequestSchema = z
  .object({
    reason: z.enum(RETURN_REASONS, { error: '반품 사유를 골라 주세요.' }),
    detail: z
      .string()
      .trim()
      .max(500, '자세한 내용은 500자 이하로 입력해 주세요.')
      .refine((value) => !value.includes('\u0000'), '자세한 내용에 쓸 수 없는 문자가 있습니다.')
      .default(''),
  })
  .strict()
  .refine((request) => request.reason !== 'other' || request.detail !== '', {
    path: ['detail'],
    message: '기타 사유는 자세한 내용을 입력해 주세요.',
  });

export const fulfilmentActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('prepare') }).strict(),
  z
    .object({
      action: z.literal('ship'),
      carrier: z.enum(CARRIERS, { message: '택배사를 고르세요.' }),
      trackingNumber: z
        .string()
        .trim()
        .regex(/^[0-9A-Za-z-]{6,30}$/, '운송장 번호는 숫자·영문 6~30자로 입력해 주세요.'),
    })
    .strict(),
  z.object({ action: z.literal('deliver') }).strict(),
]);
export type FulfilmentAction = z.infer<typeof fulfilmentActionSchema>;

export const returnDecisionSchema = z.discriminatedUnion('decision', [
  z
    .object({
      decision: z.literal('approve'),
      /** The return shipping fee kept from the refund (KRW, 0 for a full refund). */
      fee: z.number().int('반품 배송비는 원 단위 정수입니다.').min(0).max(100_000),
    })
    .strict(),
  z.object({ decision: z.literal('decline'), reason: text(500, '거절 사유') }).strict(),
]);
export type ReturnDecision = z.infer<typeof returnDecisionSchema>;

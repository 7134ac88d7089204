import { z } from 'zod';

// An order's way to the customer, apart from its money (lib/shared/orders.ts): the statuses, the
// words shown for them and the bounds of what customers and operators type. Both sides use it.

export type Fulfilment = 'ordered' | 'preparing' | 'shipped' | 'delivered' | 'cancelled';
export type ReturnStatus = 'requested' | 'approved' | 'declined';

/** A return may be asked for this long after delivery (service clock): the 청약철회 period. */
export const RETURN_WINDOW_SECONDS = 7 * 86_400;

export const fulfilmentLabel: Record<Fulfilment, string> = {
  ordered: '결제 완료',
  preparing: '배송 준비 중',
  shipped: '배송 중',
  delivered: '배송 완료',
  cancelled: '주문 취소',
};

export const returnStatusLabel: Record<ReturnStatus, string> = {
  requested: '반품 요청됨',
  approved: '반품 승인',
  declined: '반품 거절',
};

/** The carriers the console offers (a free choice would let typos into the customer's tracking). */
export const CARRIERS = ['CJ대한통운', '롯데택배', '한진택배', '우체국택배', '로젠택배'] as const;

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label}을(를) 입력해 주세요.`)
    .max(max, `${label}은(는) ${max}자 이하로 입력해 주세요.`)
    .refine((value) => !value.includes('\u0000'), `${label}에 쓸 수 없는 문자가 있습니다.`);

export const returnRequestSchema = z.object({ reason: text(500, '반품 사유') }).strict();

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

/** One step of the order's timeline as the order page draws it. */
export interface TimelineStep {
  label: string;
  /** Service clock, UNIX seconds; null while not reached. */
  at: number | null;
  detail?: string;
  state: 'done' | 'current' | 'todo' | 'stopped';
}

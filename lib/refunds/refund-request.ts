// An operator's refund as the console asks for it, and its reason as the customer is told it (client-safe).
import { z } from 'zod';
import { MAX_WON, refundAccountSchema, wonAmount } from '@/lib/values/client';

export const REFUND_REASONS = [
  'customer_request',
  'duplicate',
  'defective',
  'adjustment',
  'service_issue',
  'fraud',
  'other',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
/** The reason as the console and the audit log name it. */
export const refundReasonLabel: Record<RefundReason, string> = {
  customer_request: '고객 요청',
  duplicate: '중복 결제',
  defective: '상품·서비스 문제',
  adjustment: '금액 조정 (배송비·반품 배송비 등)',
  service_issue: '시스템 오류',
  fraud: '부정 결제 의심',
  other: '기타',
};
/**
 * What the customer is told for each reason: the refund's reason at the service (its cancel
 * history, the card receipt) and in the refund mail. The operator's note never leaves the console
 * and the audit log; nor does a suspicion ("부정 결제 의심") reach the customer in those words.
 */
export const refundReasonForCustomer: Record<RefundReason, string> = {
  customer_request: '고객님 요청에 따른 환불',
  duplicate: '중복 결제 환불',
  defective: '상품·서비스 문제에 따른 환불',
  adjustment: '결제 금액 조정에 따른 환불',
  service_issue: '결제 처리 오류 정정',
  fraud: '결제 확인 결과에 따른 환불',
  other: '상점 사정에 따른 환불',
};

export const refundRequestSchema = z.object({
  amount: wonAmount('1원 이상이어야 합니다.'),
  /** The refundable balance the operator saw: sent as the checksum, so a refund made meanwhile is refused. */
  refundable: z.number().int().nonnegative().max(MAX_WON),
  reason: z.enum(REFUND_REASONS, { error: '환불 사유를 골라 주세요.' }),
  note: z.string().trim().max(500, '메모는 500자까지입니다.').default(''),
  /**
   * A 가상계좌 payment's refund goes to a bank account: one the operator typed (its holder checked at
   * the service), else the one the customer left on the order.
   */
  refundAccount: refundAccountSchema.optional(),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

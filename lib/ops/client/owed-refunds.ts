// The console's list of money the shop owes back (/ops/deposits, 돌려줄 돈): 가상계좌 payments that buy
// nothing, waiting for the customer's account, being refunded, or refunded. Client-safe.
import { z } from 'zod';
import type { RefundAccountView } from '@/lib/refunds/client';
import { refundAccountSchema } from '@/lib/values/client';
import { type Page, pageFields } from './lists';

export const OWED_STATES = ['owed', 'refunding', 'refunded'] as const;
export type OwedState = (typeof OWED_STATES)[number];
export const owedStateLabel: Record<OwedState, string> = {
  owed: '계좌 대기',
  refunding: '환불 중',
  refunded: '환불 완료',
};

export const owedFiltersSchema = z.object({
  state: z.enum(OWED_STATES, { error: '상태를 목록에서 골라 주세요.' }).optional(),
  ...pageFields,
});
export type OwedFilters = z.infer<typeof owedFiltersSchema>;

export interface OwedRefundRow {
  id: string;
  impUid: string;
  merchantUid: string;
  /** Null for a payment whose order number no order here has. */
  orderNumber: string | null;
  customerEmail: string | null;
  amount: number;
  reason: string;
  state: OwedState;
  /** The service's refusal of the last account tried, while it is owed again. */
  failure: string | null;
  /** Service clock. */
  owedAt: number;
  refundedAt: number | null;
  /** The account the customer left on the order, if any (masked). */
  storedAccount: RefundAccountView | null;
}
export type OwedRefundPage = Page<OwedRefundRow>;

/** The operator's refund of an owed one: to the account typed (the customer's, confirmed with them), else the one on the order. */
export const owedRefundBody = z.object({ refundAccount: refundAccountSchema.optional() }).strict();
export type OwedRefundBody = z.infer<typeof owedRefundBody>;

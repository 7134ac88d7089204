import { z } from 'zod';
import type { Fulfilment, ReturnStatus } from '@/lib/orders/client';
import type { PayMethod } from '@/lib/payments/client';
import type { ShippingDetails } from '@/lib/values/client';
import { PAY_METHODS } from './payments';

// The console's fulfilment queue (/ops/orders): its filters (in the URL) and its rows.

export const OPS_ORDER_QUEUES = ['to_ship', 'shipping', 'returns', 'recent'] as const;
export type OpsOrderQueue = (typeof OPS_ORDER_QUEUES)[number];

export const opsOrderQueueLabel: Record<OpsOrderQueue, string> = {
  to_ship: '발송 대기',
  shipping: '배송 중',
  returns: '반품 요청',
  recent: '최근 주문',
};

export const opsOrderFiltersSchema = z
  .object({
    queue: z.enum(OPS_ORDER_QUEUES).default('to_ship'),
    /** One order by its number (what a customer quotes on the phone), or a subscription's boxes by its number. */
    number: z
      .string()
      .trim()
      .regex(
        /^(\d{6}-\d{6}|S\d{6}-\d{6}(-\d{1,4})?)$/,
        '주문번호는 261127-048213, 구독번호는 S261127-048213 형식입니다.',
      )
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** How it was paid (a box: its subscription's card or wallet). */
    method: z.enum(PAY_METHODS, { error: '결제수단을 목록에서 골라 주세요.' }).optional(),
  })
  .strict();
export type OpsOrderFilters = z.infer<typeof opsOrderFiltersSchema>;

export interface OpsOrder {
  orderNumber: string;
  merchantUid: string;
  productName: string;
  quantity: number;
  amount: number;
  refundedAmount: number;
  payMethod: PayMethod;
  status: string;
  fulfilment: Fulfilment;
  shipping: ShippingDetails | null;
  carrier: string | null;
  trackingNumber: string | null;
  paidAt: number | null;
  deliveredAt: number | null;
  returnStatus: ReturnStatus | null;
  returnReason: string | null;
  returnFee: number | null;
  /** The customer left (회원탈퇴): what they may still ask, by phone or mail, goes through 고객센터. */
  customerWithdrawn: boolean;
}

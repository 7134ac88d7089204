import { Badge } from '@/components/ui/badge';
import { type OrderSummary, orderStatusText } from '@/lib/orders/client';

/** The order's status as a badge: 결제 완료, 부분 환불, 결제 실패, 확인 중, 환불됨. */
export function OrderStatus({ order }: { order: Pick<OrderSummary, 'status' | 'amount' | 'refundedAmount'> }) {
  const partlyRefunded = order.status === 'paid' && order.refundedAmount > 0;
  return <Badge variant={partlyRefunded ? 'refunded' : order.status}>{orderStatusText(order)}</Badge>;
}

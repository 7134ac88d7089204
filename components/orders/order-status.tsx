import { Badge } from '@/components/ui/badge';
import { type OrderSummary, orderStatusLabel } from '@/lib/shared/orders';

/** The order's status as a badge: 결제 완료, 결제 실패, 확인 중, 환불됨. */
export function OrderStatus({ order }: { order: Pick<OrderSummary, 'status'> }) {
  return <Badge variant={order.status}>{orderStatusLabel[order.status]}</Badge>;
}

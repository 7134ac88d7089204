'use client';
import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import { Panel } from '@/components/ui/panel';
import { TrackingLink } from '@/components/ui/tracking-link';
import { useOrder } from '@/lib/browser/client';
import type { OrderDetail } from '@/lib/orders/client';
import { deliveryStateLabel, returnStatusLabel } from '@/lib/orders/client';
import { formatDateTime, formatWon } from '@/lib/values/client';
import { OrderActions } from './order-actions';
import { PaymentMethodFacts, ShippingFacts } from './order-facts';
import { OrderStatus } from './order-status';
import { OrderTimeline } from './order-timeline';

/** What happens next, in the customer's words. */
function nextStep(order: OrderDetail): string | undefined {
  if (order.status === 'pending') return '결제 결과를 확인하고 있습니다. 이 화면은 자동으로 새로 고쳐집니다.';
  if (order.status !== 'paid' || !order.shipping) return undefined;
  switch (order.fulfilment) {
    case 'ordered':
    case 'preparing':
      return '배송 준비 중입니다. 상품이 발송되면 택배사와 운송장 번호를 메일로 알려 드립니다. 발송 전에는 이 화면에서 바로 취소할 수 있습니다.';
    case 'shipped':
      return '상품이 배송 중입니다.';
    default:
      return undefined;
  }
}

/**
 * An approved return's money as it stands: what was refunded and what was kept (the return shipping
 * fee, less whatever the shop refunded later), not the fee as first decided; before the refund is
 * recorded, the fee the approval stated.
 */
function returnRefundWords(order: OrderDetail): string {
  const kept = order.amount - order.refundedAmount;
  if (order.refundedAmount === 0) {
    return order.returnFee ? `반품 배송비 ${formatWon(order.returnFee)}을 뺀 금액 환불 예정` : '전액 환불 예정';
  }
  return kept > 0 ? `${formatWon(order.refundedAmount)} 환불 (반품 배송비 ${formatWon(kept)} 제외)` : '전액 환불';
}

/** /account/orders/[orderNumber]: the order-complete view (`placed`) and the order page in one. */
export function OrderDetailView({ initial, placed }: { initial: OrderDetail; placed: boolean }) {
  const { order } = useOrder(initial.orderNumber, initial);
  const next = nextStep(order);
  return (
    <section className="stack">
      {placed && order.status === 'paid' ? (
        <Alert tone="success">
          <p>
            <strong>주문이 완료되었습니다.</strong> 주문번호 <span className="card-number">{order.orderNumber}</span>
          </p>
        </Alert>
      ) : null}
      <h1>
        주문 상세 <span className="field-hint card-number">{order.orderNumber}</span>
      </h1>
      {next && <p className="lead">{next}</p>}
      <div className="order-columns">
        <Panel as="div" className="order-timeline-panel">
          <h2 className="sr-only">진행 상황</h2>
          <OrderTimeline steps={order.timeline} />
        </Panel>
        <div className="stack">
          <dl className="facts">
            <dt>주문번호</dt>
            <dd className="card-number">{order.orderNumber}</dd>
            <dt>상품</dt>
            <dd>
              {order.productName} × {order.quantity}
            </dd>
            <dt>결제 금액</dt>
            <dd>
              <strong>{formatWon(order.amount)}</strong>
              {order.shippingFee > 0 && ` (배송비 ${formatWon(order.shippingFee)} 포함)`} <OrderStatus order={order} />
            </dd>
            <PaymentMethodFacts order={order} />
            {order.paidAt ? (
              <>
                <dt>결제 일시</dt>
                <dd>{formatDateTime(order.paidAt)}</dd>
              </>
            ) : null}
            {order.shipping && (
              <>
                <ShippingFacts shipping={order.shipping} />
                <dt>배송 상태</dt>
                <dd>
                  {deliveryStateLabel(order)}
                  {order.carrier && (
                    <>
                      {' · '}
                      {order.carrier} 운송장 <span className="card-number">{order.trackingNumber}</span>
                    </>
                  )}
                  <TrackingLink carrier={order.carrier} trackingNumber={order.trackingNumber} />
                </dd>
              </>
            )}
            {order.returnStatus && (
              <>
                <dt>반품</dt>
                <dd>
                  {returnStatusLabel[order.returnStatus]}
                  {order.returnReason && ` · 사유: ${order.returnReason}`}
                  {order.returnStatus === 'approved' && ` · ${returnRefundWords(order)}`}
                  {order.returnDeclineReason && ` · 거절 사유: ${order.returnDeclineReason}`}
                </dd>
              </>
            )}
            {order.refundedAmount > 0 && (
              <>
                <dt>환불</dt>
                <dd>
                  {order.refundedAmount < order.amount
                    ? `결제 금액 ${formatWon(order.amount)} 중 ${formatWon(order.refundedAmount)}`
                    : formatWon(order.refundedAmount)}{' '}
                  · 결제한 카드로 환불했습니다.
                </dd>
              </>
            )}
          </dl>
          {order.refundState === 'pending' && (
            <Alert tone="info">
              <p aria-busy="true">
                환불 결과를 결제 서비스에 확인하고 있습니다. 환불은 한 번만 이루어지며, 끝나면 메일로 알려 드립니다.
              </p>
            </Alert>
          )}
          {order.refundState === 'failed' && order.refundedAmount === 0 && (
            <Alert>
              <p>환불을 처리하지 못했습니다. 담당자가 확인해 연락드리겠습니다.</p>
            </Alert>
          )}
          <OrderActions order={order} />
        </div>
      </div>
      <p>
        {order.receiptUrl && (
          <>
            <a href={order.receiptUrl} target="_blank" rel="noreferrer">
              카드 영수증 보기
            </a>
            {' · '}
          </>
        )}
        <Link href="/account/orders">주문 내역</Link> · <Link href="/products">쇼핑 계속하기</Link>
      </p>
    </section>
  );
}

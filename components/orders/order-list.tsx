'use client';
import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { useOrders } from '@/lib/browser/client';
import type { OrderSummary } from '@/lib/orders/client';
import { deliveryStateLabel } from '@/lib/orders/client';
import { refundDestination } from '@/lib/payments/client';
import { formatDateTime, formatWon } from '@/lib/values/client';
import { PaymentMethodFacts, ShippingFacts } from './order-facts';
import { OrderStatus } from './order-status';

const orderedAt = (order: OrderSummary) => formatDateTime(order.paidAt ?? order.createdAt);

/**
 * /account/orders: every order with its status, amount, payment, shipping, refunds, receipt or
 * reason; pending ones update by themselves. Cards on a phone, two columns from 1024px.
 */
export function OrderList() {
  const { orders, error, isLoading } = useOrders();
  if (isLoading) return <p aria-busy="true">불러오는 중…</p>;
  if (error) return <Alert>{error.message}</Alert>;
  if (!orders?.length) {
    return (
      <p>
        아직 주문이 없습니다. <Link href="/products">상품 보러 가기</Link>
      </p>
    );
  }
  const placed = orders.filter((order) => !isAttempt(order));
  const attempts = orders.filter(isAttempt);
  return (
    <>
      {placed.length === 0 ? (
        <p>
          완료된 주문이 없습니다. <Link href="/products">상품 보러 가기</Link>
        </p>
      ) : (
        <ul className="order-grid break-keep" aria-label="주문 목록">
          {placed.map((order) => (
            <OrderItem key={order.id} order={order} />
          ))}
        </ul>
      )}
      {attempts.length > 0 && (
        <details className="attempts-fold">
          <summary>결제 실패·미완료 {attempts.length}건</summary>
          <ul className="order-grid break-keep" aria-label="결제 실패·미완료 주문">
            {attempts.map((order) => (
              <OrderItem key={order.id} order={order} />
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

/** A try that bought nothing (declined, or a barcode cancelled before a store collected it): folded away. */
const isAttempt = (order: OrderSummary) => order.status === 'failed' || order.status === 'cancelled';

function OrderItem({ order }: { order: OrderSummary }) {
  const refund =
    order.refundedAmount > 0 &&
    (order.status === 'paid'
      ? `부분 환불 ${formatWon(order.refundedAmount)} · 남은 결제 금액 ${formatWon(order.amount - order.refundedAmount)}`
      : `환불 ${formatWon(order.refundedAmount)}`);
  return (
    <li className="order-item" aria-label={`${order.productName} ${formatWon(order.amount)}`}>
      <div className="order-item-head">
        <div>
          {isAttempt(order) ? (
            <strong>{order.productName}</strong>
          ) : (
            <Link
              href={`/account/orders/${order.orderNumber}`}
              aria-label={`${order.productName} 주문 상세 (주문번호 ${order.orderNumber})`}
            >
              <strong>{order.productName}</strong>
            </Link>
          )}
          {order.quantity > 1 && ` × ${order.quantity}`}
          <div className="field-hint">
            {orderedAt(order)}
            {!isAttempt(order) && ` · 주문번호 ${order.orderNumber}`}
          </div>
        </div>
        <div className="order-item-amount">
          <strong>{formatWon(order.amount)}</strong> <OrderStatus order={order} />
          {order.status === 'paid' && order.shipping && order.fulfilment !== 'ordered' && (
            <Badge>{deliveryStateLabel(order)}</Badge>
          )}
        </div>
      </div>
      <dl className="facts order-facts">
        <PaymentMethodFacts order={order} />
        {order.shipping && (
          <>
            <ShippingFacts shipping={order.shipping} />
            {order.shipping.note && (
              <>
                <dt>요청사항</dt>
                <dd>{order.shipping.note}</dd>
              </>
            )}
            <dt>배송비</dt>
            <dd>{order.shippingFee === 0 ? '무료' : formatWon(order.shippingFee)}</dd>
          </>
        )}
        {refund && (
          <>
            <dt>환불</dt>
            <dd>{refund}</dd>
          </>
        )}
      </dl>
      {order.status === 'awaiting' && order.vbank && (
        <p>
          입금 계좌 {order.vbank.bankName} <span className="card-number">{order.vbank.accountNumber}</span> ·{' '}
          {formatDateTime(order.vbank.due)}까지 {formatWon(order.amount)} 입금 ·{' '}
          <Link href={`/account/orders/${order.orderNumber}`}>입금 안내 보기</Link>
        </p>
      )}
      {order.status === 'awaiting' && !order.vbank && (
        <p>
          편의점 수납 번호 <span className="card-number">{order.barcode}</span>
          {order.collectBy && ` · ${formatDateTime(order.collectBy)}까지`} · <Link href="/cvs">바코드 보기</Link>
        </p>
      )}
      {order.status === 'pending' && (
        <p aria-busy="true">결제 결과를 확인하고 있습니다. 이 화면은 자동으로 새로 고쳐집니다.</p>
      )}
      {order.failReason && order.status !== 'paid' && <p className="field-error">{order.failReason}</p>}
      {order.status === 'refunded' && (
        <p>
          환불 {formatWon(order.amount)} · {refundDestination(order.payMethod)} 환불했습니다.
        </p>
      )}
      {order.receiptUrl && (order.status === 'paid' || order.status === 'refunded') && (
        <a href={order.receiptUrl} target="_blank" rel="noreferrer">
          영수증 보기
        </a>
      )}
    </li>
  );
}

'use client';
import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import { Panel } from '@/components/ui/panel';
import { TrackingLink } from '@/components/ui/tracking-link';
import { useOrder, useOrderSteps } from '@/lib/browser/client';
import type { OrderDetail } from '@/lib/orders/client';
import { deliveryStateLabel, returnStatusLabel } from '@/lib/orders/client';
import { refundDestination } from '@/lib/payments/client';
import { formatDateTime, formatWon } from '@/lib/values/client';
import { CashReceiptSection } from './cash-receipt';
import { OrderActions } from './order-actions';
import { PaymentMethodFacts, ShippingFacts } from './order-facts';
import { OrderStatus } from './order-status';
import { OrderTimeline } from './order-timeline';
import { OwedRefunds } from './owed-refunds';
import { RefundAccount } from './refund-account';
import { VbankAccountDetails } from './vbank-account';

/** What happens next, in the customer's words. */
function nextStep(order: OrderDetail): string | undefined {
  if (order.status === 'pending') return '결제 결과를 확인하고 있습니다. 이 화면은 자동으로 새로 고쳐집니다.';
  if (order.status === 'awaiting' && order.vbank)
    return '입금을 기다리고 있습니다. 아래 계좌로 입금하시면 결제가 완료되고 배송 준비를 시작합니다.';
  if (order.status === 'cancelled') return order.failReason ?? '주문이 취소되었습니다.';
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

/** Where the goods are; none are prepared before a 가상계좌's money is in. */
const deliveryWords = (order: OrderDetail) =>
  order.status === 'awaiting' ? '입금이 확인되면 배송을 준비합니다' : deliveryStateLabel(order);

/** Where a refund went: the card (its approval cancelled), or a 가상계좌's refund account. */
const refundedTo = (order: OrderDetail) =>
  order.payMethod === 'vbank'
    ? order.refundAccount
      ? `환불 계좌(${order.refundAccount.bankName} ${order.refundAccount.account})로 환불했습니다.`
      : '환불 계좌로 환불했습니다.'
    : `${refundDestination(order.payMethod)} 환불했습니다.`;

/**
 * A 가상계좌's money kept, or one being refunded, or money owed back waiting for an account: the
 * customer's account for its refund is asked for.
 */
const takesRefundAccount = (order: OrderDetail) =>
  (order.payMethod === 'vbank' && order.status === 'paid' && order.refundedAmount < order.amount) ||
  order.owedRefunds.some((owed) => owed.state === 'owed');

/** /account/orders/[orderNumber]: the order-complete view (`placed`) and the order page in one. */
export function OrderDetailView({ initial, placed }: { initial: OrderDetail; placed: boolean }) {
  const { order } = useOrder(initial.orderNumber, initial);
  const steps = useOrderSteps(order.orderNumber);
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
      {placed && order.status === 'awaiting' ? (
        <Alert tone="info">
          <p>
            <strong>주문이 접수되었습니다.</strong> 입금하시면 결제가 완료됩니다. 주문번호{' '}
            <span className="card-number">{order.orderNumber}</span>
          </p>
        </Alert>
      ) : null}
      <h1>
        주문 상세 <span className="field-hint card-number">{order.orderNumber}</span>
      </h1>
      {next && <p className="lead">{next}</p>}
      {order.status === 'awaiting' && order.vbank && (
        <Panel aria-labelledby="vbank-heading">
          <h2 id="vbank-heading">입금 안내</h2>
          <VbankAccountDetails vbank={order.vbank} amount={order.amount} />
          <p className="field-hint">
            입금기한이 지나면 주문은 자동으로 취소됩니다. 입금이 확인되면 영수증을 메일로 보내 드립니다.
          </p>
        </Panel>
      )}
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
            {order.shipping && order.status !== 'cancelled' && (
              <>
                <ShippingFacts shipping={order.shipping} />
                <dt>배송 상태</dt>
                <dd>
                  {deliveryWords(order)}
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
                  · {refundedTo(order)}
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
          <OwedRefunds order={order} />
          {takesRefundAccount(order) && <RefundAccount order={order} save={steps.saveRefundAccount} />}
          <OrderActions order={order} />
          <CashReceiptSection order={order} />
        </div>
      </div>
      <p>
        {order.receiptUrl && (
          <>
            <a href={order.receiptUrl} target="_blank" rel="noreferrer">
              {order.payMethod === 'card' ? '카드 영수증 보기' : '영수증 보기'}
            </a>
            {' · '}
          </>
        )}
        <Link href="/account/orders">주문 내역</Link> · <Link href="/products">쇼핑 계속하기</Link>
      </p>
    </section>
  );
}

'use client';
import Link from 'next/link';
import { VbankAccountDetails } from '@/components/orders/vbank-account';
import { Alert } from '@/components/ui/alert';
import { CardLabel } from '@/components/ui/card-label';
import { useOrders } from '@/lib/browser/client';
import type { OrderSummary } from '@/lib/orders/client';
import { formatDateTime, formatWon } from '@/lib/values/client';

/**
 * What became of a purchase, as the server settled it. A pending order is followed on the orders
 * list (which the server keeps looking up) until it is paid or failed.
 */
export function OrderResult({ order: answered }: { order: OrderSummary }) {
  const { orders } = useOrders();
  const order = orders?.find((candidate) => candidate.id === answered.id) ?? answered;
  switch (order.status) {
    case 'paid':
      return (
        <Alert tone="success">
          <p>
            <strong>결제가 완료되었습니다.</strong> {order.productName} · {formatWon(order.amount)}
            {order.cardLabel && (
              <>
                {' · '}
                <CardLabel label={order.cardLabel} />
              </>
            )}
          </p>
          <p>
            주문번호 <span className="card-number">{order.orderNumber}</span>
            {order.shipping && (
              <>
                {' · '}
                {order.shipping.recipient}님께 ({order.shipping.postcode}) {order.shipping.address}{' '}
                {order.shipping.addressDetail}
                <br />
                다음 단계: 배송 준비 중 — 발송되면 택배사와 운송장 번호를 메일로 알려 드립니다.
              </>
            )}
          </p>
          <p>
            <Link href={`/account/orders/${order.orderNumber}?placed=1`}>주문 상세 보기</Link>{' '}
            {order.receiptUrl && (
              <a href={order.receiptUrl} target="_blank" rel="noreferrer">
                영수증 보기
              </a>
            )}{' '}
            <Link href="/account/orders">주문 내역</Link>
          </p>
        </Alert>
      );
    case 'failed':
      return (
        <Alert>
          <p>
            <strong>결제가 실패했습니다.</strong> {order.failReason}
          </p>
          {/* The reason's words already say what to do (lib/payments/failure-words); this is for none. */}
          {!order.failReason && <p>다른 카드로 다시 시도하거나 카드사에 문의해 주세요.</p>}
        </Alert>
      );
    case 'awaiting':
      // A 가상계좌 issued: the order is placed, the money is not in yet — nothing here says "paid".
      return (
        <Alert tone="info">
          <p>
            <strong>주문이 접수되었습니다. 아래 계좌로 입금하시면 결제가 완료됩니다.</strong> {order.productName} ·
            주문번호 <span className="card-number">{order.orderNumber}</span>
          </p>
          {order.vbank && <VbankAccountDetails vbank={order.vbank} amount={order.amount} />}
          <p>
            {order.vbank && `${formatDateTime(order.vbank.due)}까지 입금하지 않으면 주문은 자동으로 취소됩니다. `}
            입금이 확인되면 영수증을 메일로 보내 드리고 배송을 준비합니다. 계좌 정보는 메일로도 보내 드렸습니다.
          </p>
          <p>
            <Link href={`/account/orders/${order.orderNumber}?placed=1`}>주문 상세 보기</Link>{' '}
            <Link href="/account/orders">주문 내역</Link>
          </p>
        </Alert>
      );
    case 'cancelled':
      return (
        <Alert>
          <p>
            <strong>주문이 취소되었습니다.</strong> {order.failReason} 결제된 금액은 없습니다.
          </p>
        </Alert>
      );
    case 'refunded':
      return (
        <Alert>
          <p>
            <strong>결제가 취소되었습니다.</strong> {order.failReason}
          </p>
        </Alert>
      );
    case 'pending':
      return (
        <Alert tone="info">
          <p aria-busy="true">
            결제 결과를 확인하고 있습니다. 중복 결제는 일어나지 않으니 잠시만 기다려 주세요.{' '}
            <Link href="/account/orders">주문 내역</Link>에서도 확인할 수 있습니다.
          </p>
        </Alert>
      );
  }
}

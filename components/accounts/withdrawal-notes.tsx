import Link from 'next/link';
import type { OwedOrder } from '@/lib/orders/client';
import { boxOnCancelWords, type ShipmentSummary } from '@/lib/orders/client';
import { formatWon } from '@/lib/values/client';

/** A live subscription and what ending it now gives back (the rule of lib/subscriptions/cancel-now.ts). */
export interface EndingSubscription {
  name: string;
  /** `pro_rata`: the unused days are refunded; `goods`: the paid period is not, its box ships; `trial`: nothing was charged. */
  ending: 'pro_rata' | 'goods' | 'trial';
  /** Goods: the running period's box (newest), whose state the words must match — sent or not yet. */
  box?: Pick<ShipmentSummary, 'kind' | 'fulfilment'> | null;
}

/** What 회원탈퇴 did, as the route answers it. */
export interface WithdrawalReport {
  cancelledSubscriptions: number;
  refunded: number;
  deletedCards: number;
}

/** 고객센터: where a withdrawn customer still reaches the shop about an order. */
export interface Contact {
  phone: string;
  email: string;
}

/** What ending it now means for its money (and, for goods, its box as it stands). */
function endingWords({ ending, box }: EndingSubscription): string {
  if (ending === 'pro_rata') return '남은 기간의 금액을 일할 계산해 결제한 카드로 환불합니다.';
  if (ending === 'trial') return '무료 체험 중이라 청구 없이 끝납니다.';
  return `${boxOnCancelWords(box)} 다음 배송과 결제는 없습니다.`;
}

/** The subscriptions' line of the dialog: each one by name with what ending it now means for its money. */
export function SubscriptionsEnding({ subscriptions }: { subscriptions: EndingSubscription[] }) {
  if (subscriptions.length === 0) return <li>이용 중인 정기구독은 없습니다.</li>;
  return (
    <li>
      이용 중인 정기구독을 지금 해지합니다.
      <ul className="m-0 mt-1 flex list-[circle] flex-col gap-1 pl-5">
        {subscriptions.map((subscription) => (
          <li key={subscription.name}>
            <strong>{subscription.name}</strong>: {endingWords(subscription)}
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * Orders 회원탈퇴 does not cancel: they are delivered, and a return (청약철회) stays possible through
 * 고객센터 — said before the customer confirms, and again after.
 */
export function OwedOrders({ orders, contact, after }: { orders: OwedOrder[]; contact: Contact; after?: boolean }) {
  if (orders.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <p className="m-0">
        {after ? '아래 주문은 탈퇴와 관계없이 배송됩니다.' : '탈퇴해도 아래 주문은 취소되지 않고 배송됩니다.'} 배송
        문의와 반품(청약철회, 받은 날부터 7일 안)은 주문번호를 알려 주시면 고객센터에서 처리해 드립니다.
        {!after && ' 발송 전에 취소하려면 탈퇴하기 전에 주문 상세에서 취소해 주세요.'} 고객센터: 전화 {contact.phone},
        전자우편 {contact.email}
      </p>
      <ul className="m-0 flex list-[circle] flex-col gap-1 pl-5" aria-label="탈퇴 후에도 이어지는 주문">
        {orders.map((order) => (
          <li key={order.orderNumber}>
            {after ? (
              <span className="card-number">{order.orderNumber}</span>
            ) : (
              <Link href={`/account/orders/${order.orderNumber}`} className="card-number">
                {order.orderNumber}
              </Link>
            )}{' '}
            {order.productName} · {order.state}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The farewell's account of what was done, with no "0개를 해지했고": only what happened is said. */
export function withdrawalDone(report: WithdrawalReport, subscriptions: EndingSubscription[]): string {
  const said: string[] = [];
  if (report.cancelledSubscriptions > 0) {
    said.push(`정기구독 ${report.cancelledSubscriptions}개를 해지했습니다.`);
    if (report.refunded > 0) said.push(`남은 기간의 금액 ${formatWon(report.refunded)}을 결제한 카드로 환불했습니다.`);
    else if (subscriptions.some((subscription) => subscription.ending === 'goods'))
      said.push('배송 상품 구독은 이번 회차가 결제된 회차라 환불하지 않았습니다.');
  }
  if (report.deletedCards > 0) said.push(`등록한 카드 정보 ${report.deletedCards}개를 삭제했습니다.`);
  said.push('그동안 이용해 주셔서 감사합니다.');
  return said.join(' ');
}

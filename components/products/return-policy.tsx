import { RETURN_SHIPPING } from '@/lib/orders/client';
import { formatWon } from '@/lib/values/client';

/**
 * 교환·반품 안내, on the product page before the purchase: the 청약철회 conditions are part of what
 * must be shown before the contract (전자상거래법 제13조 제2항 제5호, 제17조 제6항) — the period, how,
 * what it costs, and when it cannot be done.
 */
export function ReturnPolicy() {
  return (
    <section aria-labelledby="return-policy" className="return-policy">
      <h2 id="return-policy">교환·반품 안내</h2>
      <dl>
        <dt>기간</dt>
        <dd>
          상품을 받은 날부터 7일 안에 반품(청약철회)을 요청할 수 있습니다. 상품이 광고나 주문과 다르면 받은 날부터
          3개월, 그 사실을 안 날부터 30일 안에 요청할 수 있습니다.
        </dd>
        <dt>방법</dt>
        <dd>
          주문 상세에서 반품 사유를 골라 요청하면, 담당자가 확인한 뒤 회수 방법(택배 기사 방문)을 메일로 알려 드립니다.
        </dd>
        <dt>반품 배송비</dt>
        <dd>
          단순 변심은 왕복 배송비 {formatWon(RETURN_SHIPPING.changeOfMind)}(처음 배송비{' '}
          {formatWon(RETURN_SHIPPING.oneWay)} + 반품 배송비 {formatWon(RETURN_SHIPPING.oneWay)})을 뺀 금액을 환불합니다.
          배송 중 파손, 상품 불량, 주문과 다른 상품은 배송비 없이 전액 환불합니다.
        </dd>
        <dt>반품할 수 없는 경우</dt>
        <dd>
          포장을 뜯어 향과 맛이 달라지는 원두·드립백처럼 사용하거나 일부 소비해 가치가 크게 줄어든 경우, 고객님의
          책임으로 상품이 훼손된 경우에는 단순 변심 반품이 어렵습니다.
        </dd>
        <dt>환불</dt>
        <dd>
          반품이 승인되면 결제한 수단으로 환불합니다(가상계좌는 등록하신 환불 계좌로). 카드사·은행에 따라 반영까지
          3~7영업일이 걸릴 수 있습니다.
        </dd>
      </dl>
    </section>
  );
}

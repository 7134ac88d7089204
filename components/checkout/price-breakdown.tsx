import type { OrderPrice } from '@/lib/values/client';
import { FREE_SHIPPING_FROM, formatWon } from '@/lib/values/client';

/** 상품 금액, 배송비, 총 결제금액 — as the server will charge them. */
export function PriceBreakdown({ price }: { price: OrderPrice }) {
  return (
    <dl className="m-0 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5" aria-label="결제 금액">
      <dt className="text-muted">상품 금액</dt>
      <dd className="m-0 text-right">{formatWon(price.itemsAmount)}</dd>
      <dt className="text-muted">배송비</dt>
      <dd className="m-0 text-right">{price.shippingFee === 0 ? '무료' : formatWon(price.shippingFee)}</dd>
      {/* One rule across both columns (drawn on each cell it had a gap in the middle). */}
      <div className="col-span-2 grid grid-cols-[1fr_auto] gap-x-4 border-t border-line pt-2">
        <dt className="font-bold">총 결제금액</dt>
        <dd className="m-0 text-right text-lg font-bold">{formatWon(price.total)}</dd>
      </div>
      {price.shippingFee > 0 && (
        <dd className="col-span-2 m-0 text-sm text-muted">{formatWon(FREE_SHIPPING_FROM)} 이상 주문하면 무료 배송</dd>
      )}
    </dl>
  );
}

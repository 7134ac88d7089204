import type { OrderPrice } from '@/lib/values/client';
import { formatWon } from '@/lib/values/client';

/**
 * What the customer pays, shipping included, wherever a price first shows (전자상거래법 시행령: no
 * 순차공개 가격책정 — the total on the first screen, with what it is made of beside it).
 */
export function TotalPrice({ price, basis }: { price: OrderPrice; basis?: string }) {
  const parts =
    price.shippingFee > 0
      ? `상품 ${formatWon(price.itemsAmount)} + 배송비 ${formatWon(price.shippingFee)}`
      : `상품 ${formatWon(price.itemsAmount)}, 배송비 무료`;
  return (
    <span className="total-price">
      <span className="price">총 {formatWon(price.total)}</span>{' '}
      <span className="price-parts">
        ({parts}
        {basis && `, ${basis}`})
      </span>
    </span>
  );
}

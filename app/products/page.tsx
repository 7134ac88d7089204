import type { Metadata } from 'next';
import Link from 'next/link';
import { TotalPrice } from '@/components/checkout/total-price';
import { ProductImage } from '@/components/products/product-image';
import { listProducts } from '@/lib/orders';
import { priceOrder } from '@/lib/values/client';

export const metadata: Metadata = { title: '상품' };

export default function ProductsPage() {
  return (
    <>
      <h1>상품</h1>
      <p className="lead">등록한 카드로 바로 구매하거나, 결제창에서 카드 정보를 입력해 결제할 수 있습니다.</p>
      <ul className="flow-list" aria-label="상품 목록">
        {listProducts().map((product) => (
          <li key={product.id}>
            <Link href={`/products/${product.id}`} className="flow-card">
              <ProductImage productId={product.id} alt="" />
              <strong>{product.name}</strong>
              <span>{product.description}</span>
              <TotalPrice price={priceOrder(product.price, 1, true)} basis="1개" />
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

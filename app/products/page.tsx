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
      <p className="lead">
        카드, 간편결제(카카오페이·네이버페이·토스페이), 가상계좌, 계좌이체, 휴대폰으로 결제하거나 등록한 카드로 바로
        구매할 수 있습니다.
      </p>
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

import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { PurchasePanel } from '@/components/checkout/purchase-panel';
import { TotalPrice } from '@/components/checkout/total-price';
import { ProductImage } from '@/components/products/product-image';
import { ReturnPolicy } from '@/components/products/return-policy';
import { Panel } from '@/components/ui/panel';
import { parseWindowMode } from '@/lib/identity/client';
import { impConfig } from '@/lib/imp-config';
import { findDefaultAddress, findProduct, lastPayMethod } from '@/lib/orders';
import { currentUser } from '@/lib/routes';
import { FREE_SHIPPING_FROM, formatWon, priceOrder } from '@/lib/values/client';

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: findProduct((await params).id)?.name ?? '상품' };
}

export default async function ProductPage({ params, searchParams }: Props) {
  const product = findProduct((await params).id);
  if (!product) notFound();
  const user = await currentUser();
  // The order sheet's defaults: the saved address and the way the customer paid last.
  const [savedAddress, lastMethod] = user
    ? await Promise.all([findDefaultAddress(user.id), lastPayMethod(user.id)])
    : [undefined, undefined];
  const path = `/products/${product.id}`;
  return (
    <section>
      <p>
        <Link href="/products">← 상품 목록</Link>
      </p>
      <ProductImage productId={product.id} alt={product.name} className="product-image-hero" />
      <h1>{product.name}</h1>
      {/* The total first (shipping included); a signed-in customer's order sheet keeps it for the quantity chosen. */}
      {!user && (
        <p>
          <TotalPrice
            price={priceOrder(product.price, 1, true)}
            basis={`1개, ${formatWon(FREE_SHIPPING_FROM)} 이상 무료 배송`}
          />
        </p>
      )}
      <p className="lead">{product.description}</p>
      {user ? (
        <PurchasePanel
          product={product}
          impConfig={impConfig()}
          windowMode={parseWindowMode((await searchParams).window)}
          savedAddress={savedAddress}
          customerName={user.name}
          lastPayMethod={lastMethod}
        />
      ) : (
        <Panel as="p">
          구매하려면 <Link href={`/signin?next=${encodeURIComponent(path)}`}>로그인</Link>하거나{' '}
          <Link href={`/signup?next=${encodeURIComponent(path)}`}>회원가입</Link>해 주세요.
        </Panel>
      )}
      <ReturnPolicy />
    </section>
  );
}

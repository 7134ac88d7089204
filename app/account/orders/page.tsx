import type { Metadata } from 'next';
import { OrderList } from '@/components/orders/order-list';
import { requireUser } from '@/lib/routes';

export const metadata: Metadata = { title: '주문 내역' };

export default async function OrdersPage() {
  await requireUser('/account/orders');
  return (
    <section>
      <h1>주문 내역</h1>
      <p className="lead">주문의 결제 상태, 배송지, 환불, 영수증과 실패 사유를 확인합니다.</p>
      <section aria-labelledby="orders-heading">
        <h2 id="orders-heading" className="sr-only">
          주문
        </h2>
        <OrderList />
      </section>
    </section>
  );
}

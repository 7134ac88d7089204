import type { Metadata } from 'next';
import { OrderList } from '@/components/orders/order-list';
import { requireUser } from '@/lib/accounts/current-user';

export const metadata: Metadata = { title: '주문 내역' };

export default async function OrdersPage() {
  await requireUser('/account/orders');
  return (
    <section className="narrow">
      <h1>주문 내역</h1>
      <p className="lead">바로 구매와 결제창 결제의 상태, 영수증, 실패 사유를 확인합니다.</p>
      <section className="panel" aria-labelledby="orders-heading">
        <h2 id="orders-heading">주문</h2>
        <OrderList />
      </section>
    </section>
  );
}

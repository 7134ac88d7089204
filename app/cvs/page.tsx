import type { Metadata } from 'next';
import { CvsCheckout } from '@/components/cvs/cvs-checkout';
import { Alert } from '@/components/ui/alert';
import { listProducts } from '@/lib/orders';
import { requireUser } from '@/lib/routes';

export const metadata: Metadata = { title: '편의점 결제' };

export default async function CvsPage() {
  await requireUser('/cvs');
  return (
    <section className="narrow stack">
      <h1>편의점 결제</h1>
      <p className="lead">
        바코드를 발급받아 가까운 편의점에서 현금이나 카드로 결제합니다. 결제가 확인되면 주문 내역에 반영됩니다.
      </p>
      <Alert tone="info">편의점 결제는 결제 서비스에서 지원 종료 예정인 결제 수단입니다.</Alert>
      <CvsCheckout products={listProducts()} />
    </section>
  );
}

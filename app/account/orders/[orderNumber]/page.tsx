import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { OrderDetailView } from '@/components/orders/order-detail-view';
import { AppError } from '@/lib/http';
import { orderDetail } from '@/lib/orders';
import { requireUser } from '@/lib/routes';

export const metadata: Metadata = { title: '주문 상세' };

type Props = {
  params: Promise<{ orderNumber: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * One order: its number, items, payment, delivery and timeline, and what the customer may do
 * (cancel before shipping, a return within 7 days of delivery). `?placed=1`: just bought — the
 * order-complete view. Anyone's but the owner's is not found.
 */
export default async function OrderPage({ params, searchParams }: Props) {
  const { orderNumber } = await params;
  const user = await requireUser(`/account/orders/${encodeURIComponent(orderNumber)}`);
  const detail = await orderDetail(user.id, orderNumber).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  });
  return <OrderDetailView initial={detail} placed={(await searchParams).placed === '1'} />;
}

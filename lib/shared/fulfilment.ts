// An order's way to the customer, apart from its money (lib/shared/orders.ts): the statuses and the
// words shown for them. Both sides use it; the bounds of what customers and operators type are in
// fulfilment-schemas.ts (zod), so that pages showing an order do not load zod.

export type Fulfilment = 'ordered' | 'preparing' | 'shipped' | 'delivered' | 'cancelled';
export type ReturnStatus = 'requested' | 'approved' | 'declined';

/** A return may be asked for this long after delivery (service clock): the 청약철회 period. */
export const RETURN_WINDOW_SECONDS = 7 * 86_400;

export const fulfilmentLabel: Record<Fulfilment, string> = {
  ordered: '결제 완료',
  preparing: '배송 준비 중',
  shipped: '배송 중',
  delivered: '배송 완료',
  cancelled: '주문 취소',
};

export const returnStatusLabel: Record<ReturnStatus, string> = {
  requested: '반품 요청됨',
  approved: '반품 승인',
  declined: '반품 거절',
};

/** The carriers the console offers (a free choice would let typos into the customer's tracking). */
export const CARRIERS = ['CJ대한통운', '롯데택배', '한진택배', '우체국택배', '로젠택배'] as const;

/** One step of the order's timeline as the order page draws it. */
export interface TimelineStep {
  label: string;
  /** Service clock, UNIX seconds; null while not reached. */
  at: number | null;
  detail?: string;
  state: 'done' | 'current' | 'todo' | 'stopped';
}

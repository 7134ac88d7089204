import type { ShippingDetails } from '@/lib/values/client';
import type { Fulfilment } from './fulfilment-words';

// A goods subscription's boxes as the customer's page and the console show them (one per paid
// period, and the free trial's box): the same way to the customer as an order's goods.

export interface ShipmentSummary {
  /** `S260115-738421-2`: the subscription's number and the box's sequence. */
  number: string;
  kind: 'trial' | 'period';
  sequence: number;
  productName: string;
  /** The period it is for (service clock). */
  periodStart: number | null;
  periodEnd: number | null;
  fulfilment: Fulfilment;
  carrier: string | null;
  trackingNumber: string | null;
  shippedAt: number | null;
  deliveredAt: number | null;
  shipping: ShippingDetails;
}

/** How a box stands, in the customer's words (a box not yet picked up reads as being prepared). */
export const boxStateLabel: Record<Fulfilment, string> = {
  ordered: '발송 준비 중',
  preparing: '발송 준비 중',
  shipped: '배송 중',
  delivered: '배송 완료',
  cancelled: '발송 취소 (결제 환불)',
};

/**
 * What happens to the running period's box when the subscription ends now, said before and after
 * confirming: a paid period is not refunded, so its box ships whatever the customer cancels.
 */
export function boxOnCancelWords(box: Pick<ShipmentSummary, 'kind' | 'fulfilment'> | null | undefined): string {
  const what = box?.kind === 'trial' ? '무료 체험 상자' : '이번 회차 상자';
  switch (box?.fulfilment) {
    case 'ordered':
    case 'preparing':
      return box.kind === 'trial'
        ? `${what}는 아직 발송 전이며, 해지해도 그대로 보내 드립니다.`
        : `${what}는 결제된 회차라 환불되지 않으며, 아직 발송 전이어도 해지와 상관없이 그대로 보내 드립니다.`;
    case 'shipped':
    case 'delivered':
      return box.kind === 'trial' ? `${what}는 이미 발송되었습니다.` : `${what}는 이미 발송되어 환불되지 않습니다.`;
    default:
      return '이번 회차 상품은 환불되지 않습니다.';
  }
}

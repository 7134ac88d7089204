// An order's way to the customer, apart from its money (lib/orders/order-view.ts): the statuses and the
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

/**
 * Where the goods are, in one phrase: a return asked for or approved says so (the goods are on their
 * way back, or back), otherwise the fulfilment step — 결제 완료 before anything was done reads 배송 준비 중.
 */
export function deliveryStateLabel(order: { fulfilment: Fulfilment; returnStatus: ReturnStatus | null }): string {
  if (order.returnStatus === 'requested' || order.returnStatus === 'approved')
    return returnStatusLabel[order.returnStatus];
  return order.fulfilment === 'ordered' ? fulfilmentLabel.preparing : fulfilmentLabel[order.fulfilment];
}

/** The carriers the console offers (a free choice would let typos into the customer's tracking). */
export const CARRIERS = ['CJ대한통운', '롯데택배', '한진택배', '우체국택배', '로젠택배'] as const;
export type Carrier = (typeof CARRIERS)[number];

/** Each carrier's own tracking page for a waybill number (배송조회), as the carriers publish them. */
const TRACKING_PAGES: Record<Carrier, (number: string) => string> = {
  CJ대한통운: (n) => `https://trace.cjlogistics.com/next/tracking.html?wblNo=${n}`,
  롯데택배: (n) => `https://www.lotteglogis.com/home/reservation/tracking/linkView?InvNo=${n}`,
  한진택배: (n) =>
    `https://www.hanjin.com/kor/CMS/DeliveryMgr/WaybillResult.do?mCode=MN038&schLang=KR&wblnumText2=${n}`,
  우체국택배: (n) => `https://service.epost.go.kr/trace.RetrieveDomRigiTraceList.comm?sid1=${n}`,
  로젠택배: (n) => `https://www.ilogen.com/web/personal/trace/${n}`,
};

/** The 배송조회 link of a shipment; null for a carrier not on the list (an old row) or no number. */
export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  const page = carrier ? TRACKING_PAGES[carrier as Carrier] : undefined;
  return page && trackingNumber ? page(encodeURIComponent(trackingNumber)) : null;
}

/** Why a customer returns an order: the choices of the return request (free text only for 기타 and details). */
export const RETURN_REASONS = ['change_of_mind', 'damaged', 'defective', 'wrong_item', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const returnReasonLabel: Record<ReturnReason, string> = {
  change_of_mind: '단순 변심',
  damaged: '배송 중 파손',
  defective: '상품 불량',
  wrong_item: '주문과 다른 상품이 옴',
  other: '기타',
};

/**
 * What a return costs the customer, stated before the purchase and on the return request: after a
 * change of mind the customer pays the way back and forth (전자상거래법 제18조 제9항: the return's
 * cost is the consumer's); when the goods were not as ordered, nothing.
 */
export const RETURN_SHIPPING = { oneWay: 3_000, changeOfMind: 6_000 } as const;

/** The return fee the console proposes for a request (the operator may change it). */
export const proposedReturnFee = (returnReason: string | null) =>
  returnReason?.startsWith(returnReasonLabel.change_of_mind) ? RETURN_SHIPPING.changeOfMind : 0;

/** A return request's reason as stored and shown: its label, and the customer's details after it. */
export const returnReasonText = (reason: ReturnReason, detail: string) =>
  detail ? `${returnReasonLabel[reason]} · ${detail}` : returnReasonLabel[reason];

/** One step of the order's timeline as the order page draws it. */
export interface TimelineStep {
  label: string;
  /** Service clock, UNIX seconds; null while not reached. */
  at: number | null;
  detail?: string;
  state: 'done' | 'current' | 'todo' | 'stopped';
}

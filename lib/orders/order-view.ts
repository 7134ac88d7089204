import type { CheckoutMethod, PayMethod } from '@/lib/payments/client';
import type { ShippingDetails } from '@/lib/values/client';
import type { Fulfilment, ReturnStatus, TimelineStep } from './fulfilment-words';

/** A catalogue product as pages show it. Prices are KRW integers, decided by the server. */
export interface Product {
  id: string;
  name: string;
  description: string;
  price: number;
}

/**
 * `refunded`: the service's record did not match the order (or it was cancelled there) and the
 * money went back. `awaiting`: a convenience-store barcode waits to be paid at a store;
 * `cancelled`: it was cancelled before that.
 */
export type OrderStatus = 'pending' | 'awaiting' | 'paid' | 'failed' | 'refunded' | 'cancelled';

/** One order as the customer sees it on the orders page and after a purchase. */
export interface OrderSummary {
  id: string;
  merchantUid: string;
  /** What the customer reads and quotes (`261127-048213`); the order page's address. */
  orderNumber: string;
  /** Where the goods are (lib/orders/fulfilment-words.ts). */
  fulfilment: Fulfilment;
  productId: string;
  productName: string;
  /** 총 결제금액: the goods (price × quantity) plus the shipping fee. */
  amount: number;
  quantity: number;
  shippingFee: number;
  /** null for an order with no delivery (a barcode payment). */
  shipping: ShippingDetails | null;
  method: 'billing_key' | 'window' | 'cvs';
  status: OrderStatus;
  /** e.g. `신한카드 4242-42**-****-4242`, or null before the service said which card. */
  cardLabel: string | null;
  failReason: string | null;
  receiptUrl: string | null;
  /** KRW refunded so far (a partial refund leaves the order paid). */
  refundedAmount: number;
  /** A return asked for after delivery, and the operator's decision. */
  returnStatus: ReturnStatus | null;
  /** Service clock, UNIX seconds. */
  paidAt: number | null;
  /** Convenience-store orders: the number to show at the store, and the deadline (service clock). */
  barcode: string | null;
  collectBy: number | null;
  /** How the customer paid (or chose to pay): lib/payments/pay-methods.ts. */
  payMethod: PayMethod;
  /** 가상계좌 orders: where to transfer the amount, and by when (service clock); null otherwise. */
  vbank: VbankAccount | null;
  /** ISO 8601 */
  createdAt: string;
}

/** The account a 가상계좌 order is paid into. */
export interface VbankAccount {
  bankName: string;
  accountNumber: string;
  holder: string;
  /** UNIX seconds, service clock. */
  due: number;
}

/** What the page needs to open the payment window for an order the server created and pre-registered. */
export interface CheckoutStart {
  merchantUid: string;
  /** The window's `pg` and `pay_method` for the method the customer chose. */
  pg: string;
  payMethod: string;
  /** The method as the shop names it. */
  method: CheckoutMethod;
  /** 가상계좌: the deadline the window gives the account (UNIX seconds). */
  vbankDue?: number;
  name: string;
  amount: number;
  /** Left out when it does not fit the service's limits. */
  buyerName?: string;
  buyerEmail?: string;
}

/**
 * POST /api/checkout's answer: the order, the API the server chose (PORTONE_API) and, on V2, the
 * payment window's fields (`payMethod` then V2's: CARD or EASY_PAY).
 */
export type CheckoutAnswer =
  | (CheckoutStart & { api: 'v1' })
  | (Omit<CheckoutStart, 'payMethod'> & {
      api: 'v2';
      scriptUrl: string;
      storeId: string;
      channelKey: string;
      /** Our merchant_uid: V2 lets the merchant name its payments. */
      paymentId: string;
      orderName: string;
      totalAmount: number;
      currency: 'KRW';
      payMethod: 'CARD' | 'EASY_PAY';
      easyPay?: { easyPayProvider: string };
    });

export const orderStatusLabel: Record<OrderStatus, string> = {
  pending: '확인 중',
  awaiting: '입금 대기',
  paid: '결제 완료',
  failed: '결제 실패',
  refunded: '환불됨',
  cancelled: '취소됨',
};

/** An order the shop still owes its customer something on (delivery, a possible return), as the 회원탈퇴 dialog lists it. */
export interface OwedOrder {
  orderNumber: string;
  productName: string;
  /** 배송 준비 중, 배송 중, 배송 완료, 반품 요청됨 … */
  state: string;
}

/**
 * The status as the customer reads it: a paid order with part of its money back (a return less its
 * fee, a console refund) is 부분 환불, not 결제 완료.
 */
export function orderStatusText(
  order: Pick<OrderSummary, 'status' | 'amount' | 'refundedAmount'> & { payMethod?: OrderSummary['payMethod'] },
): string {
  if (order.status === 'paid' && order.refundedAmount > 0 && order.refundedAmount < order.amount) return '부분 환불';
  if (order.status === 'awaiting' && order.payMethod === 'cvs') return '편의점 결제 대기';
  return orderStatusLabel[order.status];
}

export const orderMethodLabel = { billing_key: '바로 구매', window: '결제창', cvs: '편의점 결제' } as const;

/**
 * A purchase attempt as a page that comes back finds it. `windowOpen`: the payment window was
 * opened for this order and the service has no payment for it (yet).
 */
export interface PurchaseAttempt {
  order: OrderSummary;
  windowOpen: boolean;
}

/** One order on its own page (/account/orders/[orderNumber]): the summary, its way and what the customer may do. */
export interface OrderDetail extends OrderSummary {
  carrier: string | null;
  trackingNumber: string | null;
  timeline: TimelineStep[];
  returnReason: string | null;
  returnFee: number | null;
  returnDeclineReason: string | null;
  /** The refund of a cancel or an approved return: being confirmed, made, or not made (operators are on it). */
  refundState: 'pending' | 'made' | 'failed' | null;
  /** 가상계좌: the customer's account a refund goes to (its number masked), once they entered it. */
  refundAccount: { bankName: string; account: string; holder: string } | null;
  /**
   * Money of this order the shop owes back (a second 가상계좌 deposit, an amount not the order's): its
   * state — waiting for the customer's account, being refunded, refunded — and why it buys nothing.
   */
  owedRefunds: OwedRefundView[];
  /** Paid and not shipped; or a 가상계좌 still waiting for its deposit (its account is closed). */
  mayCancel: boolean;
  mayRequestReturn: boolean;
  /** Service clock: the last moment a return may be asked for, once delivered. */
  returnUntil: number | null;
}

/** An owed refund as the order page and the console show it. */
export interface OwedRefundView {
  id: string;
  amount: number;
  reason: string;
  state: 'owed' | 'refunding' | 'refunded';
  /** The service's refusal of the last account tried, while it is owed again. */
  failure: string | null;
}

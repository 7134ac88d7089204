// Why a 가상계좌 order ended unpaid, in the customer's words; the mail an order's end sends depends
// on which (lib/orders/orders.ts mailsFor): the deadline passed, or the account was closed first.

export const VBANK_EXPIRED = '입금기한이 지나 주문이 취소되었습니다.';
export const VBANK_CLOSED = '입금 전에 주문을 취소해 가상계좌를 닫았습니다.';
export const VBANK_PART_REFUNDED = '입금된 일부 금액을 환불 계좌로 돌려드리고 가상계좌를 닫아 주문을 취소했습니다.';

import 'server-only';
import { refusals, serviceUnavailable } from '@/lib/http';

// Why an order request was refused: the `error.code` pages and tests rely on, and the Korean message shown.
const table = {
  unknown_product: [404, '상품을 찾을 수 없습니다.'],
  order_not_found: [404, '주문을 찾을 수 없습니다.'],
  no_card: [409, '등록된 카드가 없습니다. 카드를 먼저 등록해 주세요.'],
  card_not_found: [404, '카드를 찾을 수 없습니다.'],
  idempotency_key_reused: [422, '이미 다른 주문에 사용된 요청입니다. 페이지를 새로 고친 뒤 다시 시도해 주세요.'],
  order_closed: [409, '이미 처리된 주문입니다. 주문 내역을 확인해 주세요.'],
  payment_mismatch: [403, '이 주문의 결제가 아닙니다.'],
  method_unavailable: [409, '지금은 이 결제수단으로 결제할 수 없습니다. 카드나 카카오페이로 결제해 주세요.'],
  sandbox_payment: [422, '테스트 채널의 결제는 실제 결제가 아니어서 취소했습니다. 다시 결제해 주세요.'],
  // The order's way to the customer (lib/orders/fulfilment.ts, cancel-order.ts, returns.ts).
  already_shipped: [409, '이미 발송된 주문이라 취소할 수 없습니다. 받으신 뒤 7일 안에 반품을 요청해 주세요.'],
  order_cancelled: [409, '고객이 이미 주문을 취소해 발송할 수 없습니다.'],
  not_cancellable: [409, '취소할 수 있는 주문이 아닙니다.'],
  step_not_allowed: [409, '주문의 현재 상태에서는 할 수 없는 처리입니다. 새로 고친 뒤 확인해 주세요.'],
  return_not_allowed: [409, '반품을 요청할 수 있는 주문이 아닙니다.'],
  return_window_closed: [409, '배송 완료 후 7일이 지나 반품을 요청할 수 없습니다. 고객센터로 문의해 주세요.'],
  return_not_requested: [409, '처리할 반품 요청이 없습니다. 새로 고친 뒤 확인해 주세요.'],
  fee_too_high: [400, '반품 배송비는 환불할 금액보다 적어야 합니다.'],
  refund_in_progress: [409, '이 주문의 다른 환불을 확인하고 있습니다. 잠시 뒤 다시 확인해 주세요.'],
  // 가상계좌 (lib/orders/vbank.ts, refund-account.ts).
  refund_account_required: [
    409,
    '가상계좌로 결제한 주문은 환불받을 계좌가 필요합니다. 주문 상세 화면에서 환불 계좌(은행·예금주·계좌번호)를 먼저 등록해 주세요.',
  ],
  refund_account_not_found: [422, '계좌를 확인할 수 없습니다. 은행과 계좌번호를 다시 확인해 주세요.'],
  refund_holder_mismatch: [
    422,
    '입력한 예금주가 계좌의 예금주와 다릅니다. 통장에 적힌 예금주 이름을 그대로 입력해 주세요.',
  ],
  refund_account_not_needed: [409, '환불 계좌를 등록할 수 있는 주문이 아닙니다. 가상계좌로 결제한 주문만 등록합니다.'],
} as const;

export const refuseOrder = refusals(table);

/**
 * The service could not be asked and the order's outcome is open (a payment may have been made, a
 * barcode may still be collectable): 503, and the customer looks again in the order history.
 */
export const serviceUnavailableCheckOrders = () =>
  serviceUnavailable('결제 서비스에 연결하지 못했습니다. 잠시 후 주문 내역에서 결과를 확인해 주세요.');

import 'server-only';
import { refusals } from '@/lib/http';

// Why a subscription request was refused: the `error.code` pages and tests rely on, and the Korean message shown.
const table = {
  unknown_plan: [404, '요금제를 찾을 수 없습니다.'],
  subscription_not_found: [404, '구독을 찾을 수 없습니다.'],
  no_card: [409, '등록된 카드가 없습니다. 카드를 먼저 등록해 주세요.'],
  card_not_found: [404, '카드를 찾을 수 없습니다.'],
  card_removed: [409, '이 구독의 결제 카드가 삭제되었습니다. 결제 카드를 바꾼 뒤 다시 시도해 주세요.'],
  already_subscribed: [409, '이미 이용 중인 요금제입니다.'],
  idempotency_key_reused: [422, '이미 다른 요청에 사용된 요청 키입니다. 페이지를 새로 고친 뒤 다시 시도해 주세요.'],
  not_cancellable: [409, '해지할 수 있는 구독이 아닙니다.'],
  not_resumable: [409, '이미 끝난 구독은 다시 시작할 수 없습니다. 새로 구독해 주세요.'],
  not_changeable: [409, '끝난 구독의 카드는 바꿀 수 없습니다.'],
  shipping_required: [400, '정기배송 상품은 배송지(받는 분, 휴대폰 번호, 주소)를 입력해야 구독할 수 있습니다.'],
  not_goods: [409, '배송 상품이 아닌 구독에는 배송지가 없습니다.'],
  shipping_not_changeable: [409, '끝난 구독의 배송지는 바꿀 수 없습니다.'],
  consent_required: [422, '정기결제(자동결제)에 동의해야 구독할 수 있습니다.'],
  consent_outdated: [409, '안내한 결제 조건이 바뀌었습니다. 내용을 다시 확인하고 동의해 주세요.'],
  not_in_trial: [409, '무료 체험 중인 구독이 아닙니다.'],
  trial_over: [409, '무료 체험이 이미 끝났습니다.'],
  trial_consent_required: [
    409,
    '무료 체험 구독은 유료 전환에 동의해야 계속됩니다. 유료 전환 여부를 먼저 선택해 주세요.',
  ],
  price_consent_required: [
    409,
    '바뀐 가격에 동의하지 않은 구독은 해지를 취소할 수 없습니다. 가격 변경 안내에서 바뀐 가격에 동의하시면 구독이 이어집니다 (바뀌기 30일 전부터 동의할 수 있습니다).',
  ],
  consent_not_open: [409, '아직 동의를 받는 기간이 아닙니다. 바뀌기 30일 전부터 동의할 수 있습니다.'],
  refund_in_progress: [409, '이 구독의 환불을 처리하고 있습니다. 잠시 후 다시 확인해 주세요.'],
  refund_unknown: [
    503,
    '환불 결과를 아직 확인하지 못했습니다. 잠시 후 다시 해지해 주시면 결제 서비스의 기록으로 확인합니다.',
  ],
  refund_failed: [502, '환불하지 못해 구독을 그대로 두었습니다. 잠시 후 다시 시도해 주세요.'],
  // A goods subscription's boxes in the console (shipment-steps.ts).
  shipment_not_found: [404, '정기배송 상자를 찾을 수 없습니다.'],
  shipment_held_back: [409, '결제가 전액 환불되어 발송하지 않는 상자입니다.'],
  shipment_step_not_allowed: [409, '상자의 현재 상태에서는 할 수 없는 처리입니다. 새로 고친 뒤 확인해 주세요.'],
} as const;

export const refuseSubscription = refusals(table);

import 'server-only';
import { AppError, refusals } from '@/lib/http';
import { log } from '@/lib/log';
import { describeFailure } from '@/lib/payments/client';

// Why a card request was refused: the `error.code` pages and tests rely on, and the Korean message shown.
const table = {
  card_not_found: [404, '카드를 찾을 수 없습니다.'],
  foreign_customer_uid: [403, '이 계정에서 시작한 카드 등록이 아닙니다. 카드 등록을 처음부터 다시 진행해 주세요.'],
  replayed: [409, '이미 처리된 카드 등록입니다.'],
  issuance_mismatch: [403, '결제창의 카드 등록 기록이 이 요청과 맞지 않습니다. 카드 등록을 다시 진행해 주세요.'],
  unexpected_amount: [422, '카드 등록 중 결제된 금액은 모두 환불했습니다. 카드 등록을 처음부터 다시 진행해 주세요.'],
  not_issued: [422, '카드가 등록되지 않았습니다. 결제창에서 카드 등록을 완료해 주세요.'],
  card_in_use: [409, '이 카드는 사용 중이라 삭제할 수 없습니다.'],
  default_conflict: [409, '다른 요청과 겹쳤습니다. 다시 시도해 주세요.'],
  method_unavailable: [409, '지금은 이 결제수단을 등록할 수 없습니다. 카드나 다른 결제수단을 선택해 주세요.'],
} as const;

/** `detail` replaces the default message (the dependency's reason). */
export const refuseCard = refusals(table);

/** The issuer refused the card: the customer reads its kind, the log keeps the service's words (never card data). */
export function cardRefused(serviceMessage: string): AppError {
  log.warn({ reason: serviceMessage }, 'card registration refused by the service');
  return new AppError(422, 'card_refused', describeFailure(serviceMessage, 'registration').words);
}

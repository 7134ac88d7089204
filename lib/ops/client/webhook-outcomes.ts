// What a webhook delivery came to, in Korean for the console: the outcome is stored in the code's
// words (searched by them, never rewritten), and shown through this one mapping with the stored
// words beside it. An outcome no pattern knows is shown as it is. An order awaiting its money says
// how: a 가상계좌's deposit or a store's counter (the order's method, when the caller knows it).
import { formatWon } from '@/lib/values/client';

const orderStatusWords: Record<string, string> = {
  paid: '결제 반영',
  failed: '결제 실패 반영',
  cancelled: '취소 반영',
  refunded: '환불 반영',
  pending: '확인 중',
  created: '결제 전',
};
const paymentStatusWords: Record<string, string> = {
  ready: '미결제',
  paid: '결제 완료',
  failed: '결제 실패',
  cancelled: '취소',
};

const awaitingWords = (payMethod?: string | null) =>
  payMethod === 'cvs' ? '편의점 결제 대기' : payMethod === 'vbank' ? '입금 대기' : '입금·편의점 결제 대기';

/** The service's status of the payment a notice named, in Korean. */
export const noticeStatusLabel = (status: string) => paymentStatusWords[status] ?? status;

const won = (digits: string) => formatWon(Number(digits));

const patterns: [RegExp, (...groups: string[]) => string][] = [
  [/^order (\w+)$/, (status = '') => `주문 ${orderStatusWords[status] ?? status}`],
  [/^subscription started$/, () => '구독 시작'],
  [/^subscription renewed$/, () => '구독 갱신'],
  [/^renewal failed; subscription ended$/, () => '갱신 결제 실패, 구독 종료'],
  [/^first charge failed$/, () => '첫 결제 실패'],
  [
    /^first charge failed \(ignored: subscription already settled\)$/,
    () => '첫 결제 실패 (이미 정리된 구독이라 무시함)',
  ],
  [/^already settled/, () => '이미 반영됨'],
  [/^refund already recorded/, () => '환불이 이미 기록됨'],
  [
    /^refund recorded: (\d+) of (\d+)(.*)$/,
    (refunded = '', amount = '', rest = '') =>
      `환불 기록: ${won(amount)} 중 ${won(refunded)}${rest.includes('ended') ? ', 구독 종료' : ''}`,
  ],
  [/^ignored: card registration$/, () => '무시함: 카드 등록 (결제 아님)'],
  [/^ignored: the service has no such payment$/, () => '무시함: 결제 서비스에 없는 결제'],
  [/^ignored: the payment does not match the charge$/, () => '무시함: 정기결제와 맞지 않는 결제'],
  [/^ignored: no order (\S+)$/, (uid = '') => `무시함: 없는 주문 (${uid})`],
  [/^ignored: no subscription charge (\S+)$/, (uid = '') => `무시함: 없는 정기결제 (${uid})`],
  [/^ignored: no handler for merchant_uid (\S+)$/, (uid = '') => `무시함: 이 상점의 결제가 아님 (${uid})`],
  [/^ignored: payment (\w+)$/, (status = '') => `무시함: 결제 상태 ${noticeStatusLabel(status)}`],
  [/^ignored: (\w+)$/, (status = '') => `무시함: 결제 상태 ${noticeStatusLabel(status)}`],
  [/^ignored: not a payment notice/, () => '무시함: 결제 알림이 아님'],
  [/^refunded: a second payment of a settled charge$/, () => '환불함: 이미 결제된 정기결제의 두 번째 결제'],
  [/^refunded: the charge had been given up$/, () => '환불함: 포기한 정기결제에 들어온 결제'],
  [/^refunded: the payment does not match the charge$/, () => '환불함: 정기결제와 맞지 않는 결제'],
  [/^refunded: a card registration took money$/, () => '환불함: 카드 등록에서 결제된 금액'],
  [/^no handler$/, () => '처리할 곳이 없는 결제'],
  [
    /^refunded: not accounted for \((.*)\)$/,
    (why = '') => `환불함: 어디에도 반영되지 않은 결제 (${webhookOutcomeLabel(why)})`,
  ],
  [
    /^refund owed: not accounted for \((.*)\)$/,
    (why = '') =>
      `돌려줄 돈으로 기록: 어디에도 반영되지 않은 가상계좌 입금, 환불 계좌 대기 (${webhookOutcomeLabel(why)})`,
  ],
  [/^key deleted: the card is removed or its account withdrawn$/, () => '빌링키 삭제: 삭제된 카드이거나 탈퇴한 계정'],
  [/^no active card to book the next charge$/, () => '다음 결제를 예약할 카드 없음'],
  [/^error: the handler failed$/, () => '오류: 처리하지 못함 (결제 서비스가 다시 보냄)'],
  [/^error: .*could not connect to the payment service/, () => '오류: 결제 서비스에 연결하지 못함 (다시 보냄)'],
  [/^error: .*no answer within/, () => '오류: 결제 서비스가 답하지 않음 (다시 보냄)'],
  [/^error: (.*)$/s, (why = '') => `오류: ${why}`],
];

function labelOne(outcome: string, payMethod?: string | null): string | undefined {
  if (outcome === 'order awaiting') return `주문 ${awaitingWords(payMethod)}`;
  for (const [pattern, say] of patterns) {
    const match = pattern.exec(outcome);
    if (match) return say(...match.slice(1));
  }
  return undefined;
}

/**
 * A delivery's outcome in Korean ("order paid" → "주문 결제 반영"), each of its `; ` parts; an unknown
 * one as it is. `payMethod`: the method of the order it named (a 가상계좌 → 입금 대기).
 */
export function webhookOutcomeLabel(outcome: string, payMethod?: string | null): string {
  const whole = labelOne(outcome, payMethod);
  if (whole !== undefined) return whole;
  const parts = outcome.split('; ').map((part) => labelOne(part, payMethod));
  return parts.every((part) => part !== undefined) ? parts.join(', ') : outcome;
}

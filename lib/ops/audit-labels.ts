// The operator audit log in Korean: the one place that maps its stored codes and result lines
// (written in English, append-only, so old rows stay as they were) to what the console shows.

import { refundReasonLabel } from '@/lib/refunds/client';
import { formatDateTime, formatWon } from '@/lib/values/client';
import { webhookOutcomeLabel } from './client/webhook-outcomes';
import { type OperatorRole, roleLabel } from './operator-roles';

const actionLabels: Record<string, string> = {
  'payment.refund': '결제 환불',
  'payment.refund_failed': '결제 환불 실패',
  'subscription.cancel_at_period_end': '구독 기간 끝 해지',
  'subscription.cancel_now': '구독 즉시 해지',
  'subscription.retry_now': '정기결제 즉시 재시도',
  'subscription.rebook': '정기결제 다시 예약',
  'webhook.process': '웹훅 다시 처리',
  'reconciliation.run': '대사 실행',
  'operator.add': '운영자 추가',
  'operator.password': '운영자 비밀번호 변경',
  'order.prepare': '배송 준비 시작',
  'order.ship': '발송 (송장 입력)',
  'order.deliver': '배송 완료 처리',
  'order.cancel': '주문 취소 (발송 전)',
  'order.cancel_refund': '주문 취소 환불',
  'order.return_request': '반품 요청',
  'order.return_approve': '반품 승인',
  'order.return_decline': '반품 거절',
  'order.return_refund': '반품 환불',
  'order.refund_failed': '주문 환불 실패',
  'order.refund_account': '환불 계좌 등록 (고객)',
  'order.owed_refund': '돌려줄 돈 환불 (가상계좌)',
  'shipment.prepare': '정기배송 상자 발송 준비',
  'shipment.ship': '정기배송 상자 발송 (송장 입력)',
  'shipment.deliver': '정기배송 상자 배송 완료',
};

const targetLabels: Record<string, string> = {
  order: '주문',
  subscription_charge: '구독 결제',
  subscription: '구독',
  payment: '결제',
  webhook_delivery: '웹훅',
  reconciliation_run: '대사',
  operator: '운영자',
  subscription_shipment: '정기배송 상자',
};

/** The action's Korean name; an unknown code is shown as it is. */
export const auditActionLabel = (action: string) => actionLabels[action] ?? action;
export const auditActionCodes = Object.keys(actionLabels);
export const auditTargetLabel = (type: string) => targetLabels[type] ?? type;
export const auditReasonLabel = (reason: string) =>
  reason in refundReasonLabel ? refundReasonLabel[reason as keyof typeof refundReasonLabel] : reason;

const won = (digits: string) => formatWon(Number(digits));
const at = (seconds: string) => (/^\d+$/.test(seconds) ? formatDateTime(Number(seconds)) : seconds);

/** Each result line the code writes, as a pattern and its Korean. */
const results: [RegExp, (...groups: string[]) => string][] = [
  [
    /^refunded (\d+); (\d+) left(; subscription ended)?$/,
    (amount = '', left = '', ended) => `${won(amount)} 환불, 남은 금액 ${won(left)}${ended ? ', 구독 종료' : ''}`,
  ],
  [/^not refunded: (.*)$/s, (why = '') => `환불되지 않음: ${why}`],
  [/^ended now; refunded (\d+)$/, (amount = '') => `즉시 해지, ${won(amount)} 환불`],
  [/^ended now \(was in dunning\)$/, () => '즉시 종료 (결제 재시도 중이었음)'],
  [/^ends at (\S+)$/, (end = '') => `${at(end)}에 종료 예정`],
  [
    /^retry (\d+) booked now as (\S+) \(was (\S+) at (\S+)\)$/,
    (attempt = '', uid = '', was = '', when = '') =>
      `${attempt}차 재시도를 지금으로 예약 (${uid}, 이전 ${was} · ${at(when)})`,
  ],
  [
    /^booked (\S+) at (\d+)(?: \(replacing (\S+)\))?$/,
    (uid = '', when = '', replaced) => `${at(when)} 결제 예약 (${uid}${replaced ? `, ${replaced} 대체` : ''})`,
  ],
  [
    /^refunds (\d+) resolved, (\d+) failed; subscriptions (\d+) checked, (\d+) applied, (\d+) refunded; orders (\d+) checked, (\d+) settled; payments (\d+) settled, (\d+) refunded; cards (\d+) checked, (\d+) keys deleted; (\d+) errors$/,
    (...n: string[]) =>
      `환불 ${n[0]}건 확정·${n[1]}건 실패; 구독 ${n[2]}건 확인·${n[3]}건 반영·${n[4]}건 환불; 주문 ${n[5]}건 확인·${n[6]}건 정리; ` +
      `결제 ${n[7]}건 정리·${n[8]}건 환불; 카드 ${n[9]}건 확인·키 ${n[10]}건 삭제; 오류 ${n[11]}건`,
  ],
  [/^one-time password replaced$/, () => '임시 비밀번호를 새 비밀번호로 변경'],
  [/^password changed$/, () => '비밀번호 변경'],
  [/^added as (\w+)$/, (role = '') => `${roleLabel[role as OperatorRole] ?? role} 권한으로 추가`],
  [/^order paid$/, () => '주문 결제 반영'],
  [/^cancelled before shipping$/, () => '발송 전 취소'],
  [/^cancelled before the full deposit$/, () => '입금 완료 전 취소 (입금된 금액 환불)'],
  [/^preparing$/, () => '배송 준비 중'],
  [/^shipped$/, () => '배송 중'],
  [/^delivered$/, () => '배송 완료'],
  [/^requested$/, () => '요청됨'],
  [/^approved$/, () => '승인됨'],
  [/^declined$/, () => '거절됨'],
  [/^ignored: (.*)$/s, (why = '') => `무시함: ${why}`],
  [/^error: (.*)$/s, (why = '') => `오류: ${why}`],
  [/^failed: (.*)$/s, (why = '') => `실패: ${why}`],
];

/** An operator's note as written, but the code's own notes in Korean ("return fee 6000" → "반품 배송비 6,000원"). */
export function auditNoteLabel(note: string): string {
  const fee = /^return fee (\d+)$/.exec(note);
  return fee ? `반품 배송비 ${won(fee[1] ?? '0')}` : note;
}

/** A result line in Korean ("refunded 20000; 36000 left" → "20,000원 환불, 남은 금액 36,000원"); other lines as they are. */
export function auditResultLabel(result: string): string {
  // A webhook processed again records the delivery's outcome as its result.
  const outcome = webhookOutcomeLabel(result);
  if (outcome !== result) return outcome;
  for (const [pattern, say] of results) {
    const match = pattern.exec(result);
    if (match) return say(...match.slice(1));
  }
  return result;
}

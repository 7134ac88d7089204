// The sales slip behind a payment's receipt_url: a small public page, as the real service's
// receipt links open one. Only what a slip shows; never more than the masked card number.
import type { PaymentRecord } from '../core/store/records';
import { escapeHtml } from './html';

const won = (amount: number) => `${amount.toLocaleString('ko-KR')}원`;
const when = (seconds: number) =>
  seconds ? new Date(seconds * 1000).toLocaleString('ko-KR', { timeZone: 'Asia/Seoul' }) : '-';

export function receiptPage(payment: PaymentRecord, cancellationId: string | null): string {
  const cancellation = payment.cancel_history.find((c) => c.cancellation_id === cancellationId);
  const rows: [string, string][] = [
    ['거래번호', payment.imp_uid],
    ['주문번호', payment.merchant_uid],
    ['상품명', payment.name ?? '-'],
    ['카드', payment.card ? `${payment.card.card_name} ${payment.card.card_number}` : payment.pay_method],
    ['승인번호', payment.apply_num ?? '-'],
    ['결제금액', won(payment.amount)],
    ['결제일시', when(payment.paid_at)],
    ...(cancellation
      ? ([
          ['취소금액', won(cancellation.amount)],
          ['취소일시', when(cancellation.cancelled_at)],
          ['취소사유', cancellation.reason || '-'],
        ] as [string, string][])
      : []),
  ];
  const title = cancellation ? '카드 취소 전표' : '카드 매출 전표';
  return `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><title>${title}</title>
<style>body{font-family:sans-serif;max-width:28rem;margin:2rem auto}th{text-align:left;padding-right:1rem}</style></head>
<body><h1>${title}</h1><p>에뮬레이터 결제 (실제 청구 없음)</p>
<table>${rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
</body></html>`;
}

import type { SubscriptionChargeSummary } from '@/lib/subscriptions/client';
import { formatDateTime, formatWon } from '@/lib/values/client';

const kindLabel = (charge: SubscriptionChargeSummary) =>
  charge.kind === 'first' ? '첫 결제' : charge.kind === 'renewal' ? '정기결제' : `재시도 ${charge.attempt}회차`;

const statusLabel: Record<SubscriptionChargeSummary['status'], string> = {
  pending: '확인 중',
  to_book: '예약 중',
  scheduled: '예약됨',
  paid: '결제 완료',
  failed: '결제 실패',
  revoked: '취소됨',
  refunded: '환불됨',
};

/** Charges, renewals, failures and refunds, newest first, each paid one with its card receipt. */
export function ChargeHistory({ charges }: { charges: SubscriptionChargeSummary[] }) {
  return (
    // A phone scrolls the table sideways rather than breaking its dates and amounts mid-word.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="table-scroll" tabIndex={0} aria-label="결제 이력 (옆으로 스크롤)">
      <table className="history break-keep">
        <caption>결제 이력</caption>
        <thead>
          <tr>
            <th scope="col">일시</th>
            <th scope="col">구분</th>
            <th scope="col">금액</th>
            <th scope="col">결과</th>
            <th scope="col">영수증</th>
          </tr>
        </thead>
        <tbody>
          {charges.map((charge) => {
            const at = charge.settledAt || charge.scheduleAt;
            return (
              <tr key={charge.merchantUid}>
                <td>{at ? formatDateTime(at) : '—'}</td>
                <td>{kindLabel(charge)}</td>
                <td>{formatWon(charge.amount)}</td>
                <td>
                  {statusLabel[charge.status]}
                  {charge.failReason && ` · ${charge.failReason}`}
                  {charge.refundedAmount > 0 && ` · 환불 ${formatWon(charge.refundedAmount)}`}
                </td>
                <td>
                  {charge.receiptUrl ? (
                    <a href={charge.receiptUrl} target="_blank" rel="noreferrer">
                      영수증 보기
                    </a>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

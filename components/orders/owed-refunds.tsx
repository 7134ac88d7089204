import type { OrderDetail, OwedRefundView } from '@/lib/orders/client';
import { formatWon } from '@/lib/values/client';

const stateWords: Record<OwedRefundView['state'], string> = {
  owed: '환불 계좌를 기다리고 있습니다',
  refunding: '환불하고 있습니다',
  refunded: '환불했습니다',
};

/**
 * Money of this order the shop owes back by itself (a second 가상계좌 deposit, an amount not the
 * order's): how much, why, and where it stands. Paid by transfer, it goes back only to an account the
 * customer names, so while one is owed the refund-account form below asks for it.
 */
export function OwedRefunds({ order }: { order: OrderDetail }) {
  if (order.owedRefunds.length === 0) return null;
  const waiting = order.owedRefunds.some((owed) => owed.state === 'owed');
  return (
    <section aria-labelledby="owed-refunds-heading" className="stack">
      <h2 id="owed-refunds-heading">돌려드릴 금액</h2>
      <ul className="stack">
        {order.owedRefunds.map((owed) => (
          <li key={owed.id}>
            <strong>{formatWon(owed.amount)}</strong> · {stateWords[owed.state]}
            <br />
            <span className="field-hint">사유: {owed.reason}</span>
            {owed.state === 'owed' && owed.failure && (
              <span className="field-error"> 지난번 계좌로는 환불하지 못했습니다: {owed.failure}</span>
            )}
          </li>
        ))}
      </ul>
      {waiting && (
        <p className="field-hint">
          가상계좌로 받은 돈은 계좌이체로만 돌려드릴 수 있습니다. 아래에 본인 명의 환불 계좌를 알려 주시면 예금주를
          확인한 뒤 한 번 환불해 드립니다.
        </p>
      )}
    </section>
  );
}

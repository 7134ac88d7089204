'use client';
import { Alert } from '@/components/ui/alert';
import { useAction } from '@/components/ui/use-action';
import { formatDateTime, formatWon } from '@/lib/shared/format';
import type { OrderSummary } from '@/lib/shared/orders';

/** An issued barcode: the number to show at the counter, the deadline, and a way to cancel it. */
export function BarcodeCard({
  order,
  onCancel,
}: {
  order: OrderSummary;
  onCancel(merchantUid: string): Promise<unknown>;
}) {
  const { pending, error, run } = useAction('바코드를 취소하지 못했습니다.');
  const cancel = () => run(() => onCancel(order.merchantUid));

  return (
    <li className="card-item" aria-label={`${order.productName} 결제 바코드`}>
      <div className="card-item-head">
        <strong>{order.productName}</strong> {formatWon(order.amount)}
      </div>
      <p>
        수납 번호
        <br />
        <strong className="barcode">{order.barcode}</strong>
      </p>
      <p className="field-hint">
        편의점 계산대에서 이 번호를 보여 주고 결제하세요.
        {order.collectBy && ` ${formatDateTime(order.collectBy)}까지 결제할 수 있습니다.`}
      </p>
      {error && <Alert>{error}</Alert>}
      <button type="button" className="button button-secondary" disabled={pending} onClick={cancel}>
        {pending ? '취소 중…' : '바코드 취소'}
      </button>
    </li>
  );
}

'use client';
import { Alert } from '@/components/ui/alert';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { useRequest } from '@/components/ui/use-request';
import type { OrderSummary } from '@/lib/orders/client';
import { formatDateTime, formatWon } from '@/lib/values/client';

/**
 * An issued barcode: the image the store's scanner reads (drawn by the server), the number as
 * text beside it for the clerk to type, the deadline, and a way to cancel it after a confirmation.
 */
export function BarcodeCard({
  order,
  onCancel,
}: {
  order: OrderSummary;
  onCancel(merchantUid: string): Promise<unknown>;
}) {
  const { pending, error, run } = useRequest('바코드를 취소하지 못했습니다.');
  // On success the card leaves the list; on a refusal the dialog closes to show why.
  const cancel = async (close: () => void) => {
    if (!(await run(() => onCancel(order.merchantUid)))) close();
  };

  return (
    <li className="card-item" aria-label={`${order.productName} 결제 바코드`}>
      <div className="card-item-head">
        <strong>{order.productName}</strong> {formatWon(order.amount)}
      </div>
      <figure className="barcode-figure">
        {/* biome-ignore lint/performance/noImgElement: an SVG drawn per order by our API; nothing for next/image to optimise */}
        <img
          className="barcode-image"
          src={`/api/cvs/${encodeURIComponent(order.merchantUid)}/barcode`}
          alt={`수납 번호 ${order.barcode} 바코드`}
          width={300}
          height={96}
        />
        <figcaption>
          수납 번호 <strong className="barcode">{order.barcode}</strong>
        </figcaption>
      </figure>
      <p className="field-hint">
        편의점 계산대에서 바코드를 보여 주고 결제하세요. 읽히지 않으면 수납 번호를 불러 주세요.
        {order.collectBy && ` ${formatDateTime(order.collectBy)}까지 결제할 수 있습니다.`}
      </p>
      {error && <Alert>{error}</Alert>}
      <ConfirmButton
        label="바코드 취소"
        variant="secondary"
        disabled={pending}
        title="이 바코드를 취소할까요?"
        description={
          <p className="m-0">
            {order.productName} {formatWon(order.amount)} 결제 바코드(수납 번호 {order.barcode})를 취소하면 편의점에서
            더 이상 결제할 수 없습니다. 다시 사려면 바코드를 새로 발급해야 합니다.
          </p>
        }
        confirmLabel="바코드 취소하기"
        pendingLabel="취소 중…"
        cancelLabel="닫기"
        pending={pending}
        onConfirm={cancel}
      />
    </li>
  );
}

'use client';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { useRequest } from '@/components/ui/use-request';
import { useOrderSteps } from '@/lib/browser/client';
import type { OrderDetail } from '@/lib/orders/client';
import { formatWon } from '@/lib/values/client';
import { ReturnRequest } from './return-request';

/** The customer's steps on an order: cancel before shipping (confirmed first), a return request after delivery. */
export function OrderActions({ order }: { order: OrderDetail }) {
  const steps = useOrderSteps(order.orderNumber);
  const cancel = useRequest('주문을 취소하지 못했습니다.');
  const [done, setDone] = useState<string>();
  const refundable = order.amount - order.refundedAmount;

  return (
    <div className="stack">
      {done && (
        <Alert tone="success">
          <p>{done}</p>
        </Alert>
      )}
      {cancel.error && <Alert>{cancel.error}</Alert>}
      {order.mayCancel && (
        <div>
          <ConfirmButton
            label="주문 취소"
            variant="secondary"
            title="주문을 취소할까요?"
            description={
              <p>
                아직 발송 전이라 바로 취소됩니다. 결제한 카드로 <strong>{formatWon(refundable)}</strong>을 전액
                환불합니다. 카드사에 따라 반영까지 3~7 영업일이 걸릴 수 있습니다.
              </p>
            }
            confirmLabel="주문 취소하고 환불받기"
            pendingLabel="취소하는 중…"
            cancelLabel="돌아가기"
            pending={cancel.pending}
            onConfirm={async (close) => {
              const ok = await cancel.run(steps.cancel);
              close();
              if (ok) setDone('주문을 취소했습니다. 환불 결과는 이 화면과 메일로 알려 드립니다.');
            }}
          />
        </div>
      )}
      {order.mayRequestReturn && <ReturnRequest order={order} send={steps.requestReturn} onDone={setDone} />}
    </div>
  );
}

'use client';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { useRequest } from '@/components/ui/use-request';
import { useOrderSteps } from '@/lib/browser/client';
import type { OrderDetail } from '@/lib/orders/client';
import { refundDestination } from '@/lib/payments/client';
import { formatWon } from '@/lib/values/client';
import { ReturnRequest } from './return-request';

/** What a cancel does to the money: nothing paid yet (a 가상계좌 waiting), back to the account, or to the card. */
function cancelWords(order: OrderDetail, refundable: number): string {
  if (order.status === 'awaiting')
    return '아직 입금 전이라 바로 취소됩니다. 발급된 가상계좌는 닫혀 더 이상 입금할 수 없습니다.';
  if (order.payMethod === 'vbank') {
    return order.refundAccount
      ? `아직 발송 전이라 바로 취소됩니다. 등록하신 환불 계좌(${order.refundAccount.bankName} ${order.refundAccount.account})로 ${formatWon(refundable)}을 전액 환불합니다.`
      : '가상계좌로 결제한 주문은 환불받을 계좌가 필요합니다. 먼저 위에서 환불 계좌를 등록해 주세요.';
  }
  const lag = order.payMethod === 'card' ? ' 카드사에 따라 반영까지 3~7 영업일이 걸릴 수 있습니다.' : '';
  return `아직 발송 전이라 바로 취소됩니다. ${refundDestination(order.payMethod)} ${formatWon(refundable)}을 전액 환불합니다.${lag}`;
}

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
            description={<p>{cancelWords(order, refundable)}</p>}
            confirmLabel={order.status === 'awaiting' ? '주문 취소하기' : '주문 취소하고 환불받기'}
            pendingLabel="취소하는 중…"
            cancelLabel="돌아가기"
            pending={cancel.pending}
            onConfirm={async (close) => {
              const unpaid = order.status === 'awaiting';
              const ok = await cancel.run(steps.cancel);
              close();
              if (ok)
                setDone(
                  unpaid
                    ? '주문을 취소했습니다. 발급된 가상계좌는 닫혀 더 이상 입금할 수 없습니다.'
                    : '주문을 취소했습니다. 환불 결과는 이 화면과 메일로 알려 드립니다.',
                );
            }}
          />
        </div>
      )}
      {order.mayRequestReturn && <ReturnRequest order={order} send={steps.requestReturn} onDone={setDone} />}
    </div>
  );
}

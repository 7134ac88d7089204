'use client';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { useRequest } from '@/components/ui/use-request';
import type { OrderDetail } from '@/lib/orders/client';
import { RETURN_REASONS, RETURN_SHIPPING, type ReturnReason, returnReasonLabel } from '@/lib/orders/client';
import { formatDateTime, formatWon } from '@/lib/values/client';

const DETAIL_MAX = 500;

/**
 * A return (청약철회) after delivery: the reason chosen from a list (none chosen for the customer),
 * details in their words, and before they send it what it costs and what happens next.
 */
export function ReturnRequest({
  order,
  send,
  onDone,
}: {
  order: OrderDetail;
  send: (request: { reason: ReturnReason; detail: string }) => Promise<unknown>;
  onDone: (message: string) => void;
}) {
  const ask = useRequest('반품을 요청하지 못했습니다.');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReturnReason>();
  const [detail, setDetail] = useState('');
  const [problem, setProblem] = useState<string>();
  const refundable = order.amount - order.refundedAmount;
  return (
    <div>
      <p className="field-hint">
        {order.returnUntil && `${formatDateTime(order.returnUntil)}까지 `}반품(청약철회)을 요청할 수 있습니다.
      </p>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        반품 요청
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="반품을 요청할까요?"
        description={
          <ul className="m-0 flex list-disc flex-col gap-1 pl-5">
            <li>
              단순 변심: 왕복 배송비 {formatWon(RETURN_SHIPPING.changeOfMind)}을 뺀{' '}
              {formatWon(Math.max(refundable - RETURN_SHIPPING.changeOfMind, 0))}을 환불합니다.
            </li>
            <li>파손·불량·다른 상품: 배송비 없이 {formatWon(refundable)}을 전액 환불합니다.</li>
            <li>
              담당자가 확인한 뒤 회수 방법(택배 기사 방문)과 환불 금액을 메일로 알려 드립니다. 받은 상태 그대로 포장해
              두세요.
            </li>
          </ul>
        }
        confirmLabel="반품 요청하기"
        pendingLabel="요청하는 중…"
        pending={ask.pending}
        confirmForm="return-form"
      >
        <form
          method="post"
          id="return-form"
          className="form"
          onSubmit={async (event) => {
            event.preventDefault();
            if (!reason) return setProblem('반품 사유를 골라 주세요.');
            if (reason === 'other' && !detail.trim()) return setProblem('기타 사유는 자세한 내용을 입력해 주세요.');
            setProblem(undefined);
            if (await ask.run(() => send({ reason, detail: detail.trim() }))) {
              setOpen(false);
              onDone('반품 요청을 받았습니다. 검토 후 메일로 알려 드립니다.');
            }
          }}
        >
          {(problem ?? ask.error) && <Alert>{problem ?? ask.error}</Alert>}
          <fieldset className="choices">
            <legend>반품 사유</legend>
            {RETURN_REASONS.map((choice) => (
              <label key={choice}>
                <input
                  type="radio"
                  name="return-reason"
                  value={choice}
                  checked={reason === choice}
                  onChange={() => {
                    setReason(choice);
                    setProblem(undefined);
                  }}
                />{' '}
                {returnReasonLabel[choice]}
              </label>
            ))}
          </fieldset>
          <Field id="return-detail" label={reason === 'other' ? '자세한 내용' : '자세한 내용 (선택)'}>
            {(control) => (
              <textarea
                {...control}
                maxLength={DETAIL_MAX}
                rows={3}
                value={detail}
                onChange={(event) => setDetail(event.target.value)}
              />
            )}
          </Field>
        </form>
      </ConfirmDialog>
    </div>
  );
}

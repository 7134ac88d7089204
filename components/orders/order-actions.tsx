'use client';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { useRequest } from '@/components/ui/use-request';
import { useOrderSteps } from '@/lib/browser/resources/use-order';
import { formatDateTime, formatWon } from '@/lib/shared/format';
import type { OrderDetail } from '@/lib/shared/orders';

const REASON_MAX = 500;

/** The customer's steps on an order: cancel before shipping (confirmed first), a return request after delivery. */
export function OrderActions({ order }: { order: OrderDetail }) {
  const steps = useOrderSteps(order.orderNumber);
  const cancel = useRequest('주문을 취소하지 못했습니다.');
  const ask = useRequest('반품을 요청하지 못했습니다.');
  const [returning, setReturning] = useState(false);
  const [reason, setReason] = useState('');
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
      {order.mayRequestReturn && (
        <div>
          <p className="field-hint">
            {order.returnUntil && `${formatDateTime(order.returnUntil)}까지 `}반품(청약철회)을 요청할 수 있습니다. 단순
            변심은 반품 배송비를 뺀 금액이 환불될 수 있습니다.
          </p>
          <Button variant="secondary" onClick={() => setReturning(true)}>
            반품 요청
          </Button>
          <ConfirmDialog
            open={returning}
            onOpenChange={setReturning}
            title="반품을 요청할까요?"
            description={<p>사유를 알려 주시면 담당자가 확인한 뒤 결과와 환불 금액을 메일로 알려 드립니다.</p>}
            confirmLabel="반품 요청하기"
            pendingLabel="요청하는 중…"
            pending={ask.pending}
            confirmForm="return-form"
          >
            <form
              id="return-form"
              onSubmit={async (event) => {
                event.preventDefault();
                const ok = await ask.run(() => steps.requestReturn(reason));
                if (ok) {
                  setReturning(false);
                  setDone('반품 요청을 받았습니다. 검토 후 메일로 알려 드립니다.');
                }
              }}
            >
              <Field id="return-reason" label="반품 사유" error={ask.error}>
                {(control) => (
                  <textarea
                    {...control}
                    required
                    maxLength={REASON_MAX}
                    rows={3}
                    value={reason}
                    onChange={(event) => setReason(event.target.value)}
                  />
                )}
              </Field>
            </form>
          </ConfirmDialog>
        </div>
      )}
    </div>
  );
}

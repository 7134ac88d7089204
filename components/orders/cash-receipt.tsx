'use client';
import { useState } from 'react';
import {
  type CashReceiptChoice,
  CashReceiptFields,
  cashReceiptOfChoice,
} from '@/components/checkout/cash-receipt-fields';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Panel } from '@/components/ui/panel';
import { SubmitButton } from '@/components/ui/submit-button';
import { useRequest } from '@/components/ui/use-request';
import { useCashReceipt } from '@/lib/browser/client';
import {
  type CashReceiptStatus,
  type CashReceiptView,
  cashReceiptStatusLabel,
  cashReceiptTypeLabel,
  type OrderSummary,
} from '@/lib/orders/client';
import { takesCashReceipt } from '@/lib/payments/client';

const badgeOf: Record<CashReceiptStatus, BadgeVariant> = {
  requested: 'pending',
  issued: 'paid',
  cancelled: 'cancelled',
  failed: 'failed',
};

const statusWords: Partial<Record<CashReceiptStatus, string>> = {
  requested: '입금이 확인되면 발급됩니다.',
  cancelled: '전액 환불되어 현금영수증 발급을 취소했습니다.',
  failed: '현금영수증을 발급하지 못했습니다. 번호를 확인해 다시 신청해 주세요.',
};

/** The receipt's facts: status, use, the masked number and its 승인번호. Also the console's lines. */
export function CashReceiptFacts({ receipt }: { receipt: CashReceiptView }) {
  return (
    <dl className="facts">
      <dt>상태</dt>
      <dd>
        <Badge variant={badgeOf[receipt.status]}>{cashReceiptStatusLabel[receipt.status]}</Badge>
      </dd>
      <dt>용도</dt>
      <dd>{cashReceiptTypeLabel[receipt.type]}</dd>
      <dt>{receipt.type === 'person' ? '휴대폰 번호' : '사업자등록번호'}</dt>
      <dd className="card-number">{receipt.identifier}</dd>
      {receipt.applyNum && (
        <>
          <dt>승인번호</dt>
          <dd className="card-number">{receipt.applyNum}</dd>
        </>
      )}
    </dl>
  );
}

/**
 * The order page's 현금영수증 (가상계좌·계좌이체 orders only): what was asked for and how it stands,
 * and — when none stands — the form to ask for one (소득공제용 or 지출증빙용).
 */
export function CashReceiptSection({ order }: { order: Pick<OrderSummary, 'orderNumber' | 'payMethod' | 'status'> }) {
  const cash = takesCashReceipt(order.payMethod);
  const { state, ask } = useCashReceipt(order.orderNumber, { enabled: cash, watch: order.status === 'paid' });
  const asking = useRequest('현금영수증을 신청하지 못했습니다.');
  const [choice, setChoice] = useState<CashReceiptChoice>({ type: 'person', identifier: '' });
  const [problem, setProblem] = useState<string>();
  if (!cash || !state || (!state.cashReceipt && !state.mayRequest)) return null;
  const receipt = state.cashReceipt;
  const words = receipt && statusWords[receipt.status];
  return (
    <Panel aria-labelledby="cash-receipt-title" className="stack">
      <h2 id="cash-receipt-title" className="m-0 text-base">
        현금영수증
      </h2>
      {receipt && <CashReceiptFacts receipt={receipt} />}
      {words && <p className="field-hint m-0">{words}</p>}
      {state.mayRequest && (
        <form
          method="post"
          className="form"
          noValidate
          onSubmit={async (event) => {
            event.preventDefault();
            const { request, problem: found } = cashReceiptOfChoice(choice);
            setProblem(found);
            if (request) await asking.run(() => ask(request));
          }}
        >
          {asking.summary && <Alert>{asking.summary}</Alert>}
          <CashReceiptFields
            value={choice}
            onChange={(next) => {
              setChoice(next);
              setProblem(undefined);
            }}
            error={problem ?? asking.fields.identifier}
            disabled={asking.pending}
            optional={false}
            idPrefix="order-cash-receipt"
          />
          <div>
            <SubmitButton pending={asking.pending} pendingLabel="신청하는 중…">
              현금영수증 신청
            </SubmitButton>
          </div>
        </form>
      )}
    </Panel>
  );
}

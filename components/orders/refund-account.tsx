'use client';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { useRequest } from '@/components/ui/use-request';
import type { OrderDetail } from '@/lib/orders/client';
import { REFUND_BANKS } from '@/lib/values/client';

type Save = (account: { bank: string; holder: string; account: string }) => Promise<unknown>;

const bankOptions = REFUND_BANKS.map(([value, label]) => ({ value, label }));

/**
 * A 가상계좌 order's refund account (은행, 예금주, 계좌번호): a refund of money paid by transfer goes back
 * by transfer, so a cancel or a return needs it. The server checks the holder at the bank; once kept,
 * the number shows masked, and the customer may replace it.
 */
export function RefundAccount({ order, save }: { order: OrderDetail; save: Save }) {
  const stored = order.refundAccount;
  const [editing, setEditing] = useState(false);
  const [bank, setBank] = useState('');
  const [holder, setHolder] = useState('');
  const [account, setAccount] = useState('');
  const request = useRequest('환불 계좌를 등록하지 못했습니다.');
  const showForm = !stored || editing;
  return (
    <section aria-labelledby="refund-account-heading" className="stack">
      <h2 id="refund-account-heading">환불 계좌</h2>
      {stored ? (
        <p>
          {stored.bankName} <span className="card-number">{stored.account}</span> · 예금주 {stored.holder}
          {!editing && (
            <>
              {' '}
              <Button variant="link" onClick={() => setEditing(true)}>
                변경
              </Button>
            </>
          )}
        </p>
      ) : (
        <p className="field-hint">
          가상계좌로 결제한 주문은 취소·반품할 때 이 계좌로 환불해 드립니다. 본인 명의 계좌를 등록해 주세요.
        </p>
      )}
      {request.done && !editing && stored && (
        <p role="status" className="field-hint">
          예금주를 확인하고 환불 계좌를 등록했습니다.
        </p>
      )}
      {showForm && (
        <form
          method="post"
          className="form"
          noValidate
          aria-label="환불 계좌 입력"
          onSubmit={async (event) => {
            event.preventDefault();
            if (await request.run(() => save({ bank, holder: holder.trim(), account }))) {
              setEditing(false);
              setAccount('');
            }
          }}
        >
          {request.summary && <Alert>{request.summary}</Alert>}
          <Select
            name="refund-bank"
            label="은행"
            placeholder="은행 선택"
            options={bankOptions}
            value={bank}
            onValueChange={setBank}
            aria-invalid={request.fields.bank ? true : undefined}
          />
          {request.fields.bank && <p className="field-error">{request.fields.bank}</p>}
          <TextField
            name="refund-holder"
            label="예금주"
            autoComplete="name"
            maxLength={20}
            value={holder}
            onChange={(event) => setHolder(event.target.value)}
            error={request.fields.holder}
          />
          <TextField
            name="refund-account"
            label="계좌번호"
            inputMode="numeric"
            autoComplete="off"
            hint="숫자만 입력해 주세요 (- 없이)."
            maxLength={30}
            value={account}
            onChange={(event) => setAccount(event.target.value)}
            error={request.fields.account}
          />
          <div className="card-actions">
            <SubmitButton pending={request.pending} pendingLabel="예금주 확인 중…">
              {stored ? '환불 계좌 변경' : '환불 계좌 등록'}
            </SubmitButton>
            {editing && (
              <Button variant="secondary" onClick={() => setEditing(false)}>
                그대로 두기
              </Button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}

'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { VbankAccount } from '@/lib/orders/client';
import { formatDateTime, formatWon } from '@/lib/values/client';

/**
 * Where a 가상계좌 order is paid: bank, account number (with a copy button: the customer pastes it
 * into their bank's app), holder, the exact amount and the deadline. Shown on the order-complete
 * page and the order page while the order waits for its deposit.
 */
export function VbankAccountDetails({ vbank, amount }: { vbank: VbankAccount; amount: number }) {
  const [copied, setCopied] = useState<'yes' | 'no'>();
  async function copy() {
    try {
      await navigator.clipboard.writeText(vbank.accountNumber.replace(/\D/g, ''));
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  }
  return (
    <dl className="facts" aria-label="입금 계좌">
      <dt>은행</dt>
      <dd>{vbank.bankName}</dd>
      <dt>계좌번호</dt>
      <dd className="card-actions">
        <span className="card-number">{vbank.accountNumber}</span>
        <Button variant="secondary" onClick={copy} aria-label="계좌번호 복사">
          복사
        </Button>
        <span role="status" className="field-hint">
          {copied === 'yes' && '계좌번호를 복사했습니다.'}
          {copied === 'no' && '복사하지 못했습니다. 계좌번호를 길게 눌러 복사해 주세요.'}
        </span>
      </dd>
      <dt>예금주</dt>
      <dd>{vbank.holder}</dd>
      <dt>입금액</dt>
      <dd>
        <strong>{formatWon(amount)}</strong> <span className="field-hint">(정확히 이 금액을 입금해 주세요)</span>
      </dd>
      <dt>입금기한</dt>
      <dd>{formatDateTime(vbank.due)}까지</dd>
    </dl>
  );
}

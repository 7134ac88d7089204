// V2 virtual accounts (POST /payments/{id}/instant with method.virtualAccount): the payment waits
// in VIRTUAL_ACCOUNT_ISSUED until closed (POST /payments/{id}/virtual-account/close).

import type { Emulator } from '../../core/emulator';
import { newPgTid, newVbankNum } from '../../core/service/ids';
import type { V2PaymentRecord } from '../../core/store/v2-records';
import { invalidRequest, V2Error } from '../errors';
import { announce, getPayment } from './payments';

export function issueVirtualAccount(
  core: Emulator,
  ready: V2PaymentRecord,
  account: { bank: string; holder: string; due: number },
): V2PaymentRecord {
  if (!Number.isFinite(account.due) || account.due <= ready.requested_at)
    throw invalidRequest('method.virtualAccount.expiry: 입금 기한은 지금 이후여야 합니다.');
  const payment = core.store.v2Payments.put({
    ...ready,
    status: 'VIRTUAL_ACCOUNT_ISSUED',
    method: {
      type: 'virtual_account',
      bank: account.bank,
      account_number: newVbankNum(),
      holder: account.holder,
      due: account.due,
    },
    pg_tx_id: newPgTid(),
  });
  announce(core, payment, 'Transaction.VirtualAccountIssued');
  return payment;
}

/** Closes an account still waiting for its deposit: the payment fails (nothing was paid). */
export function closeVirtualAccount(core: Emulator, merchantCode: string, paymentId: string): V2PaymentRecord {
  const payment = getPayment(core, merchantCode, paymentId);
  if (payment.status !== 'VIRTUAL_ACCOUNT_ISSUED')
    throw new V2Error(409, 'PAYMENT_NOT_WAITING_FOR_DEPOSIT', `입금 대기 중인 결제가 아닙니다: ${paymentId}`);
  const now = core.now(merchantCode);
  const reason = '가상계좌 발급이 취소되었습니다.';
  const closed = core.store.v2Payments.put({
    ...payment,
    status: 'FAILED',
    failed_at: now,
    updated_at: now,
    status_changed_at: now,
    failure: { reason, pg_code: 'CLOSED', pg_message: reason },
  });
  announce(core, closed, 'Transaction.Failed');
  return closed;
}

/** The customer's bank transfer arrives in full (control API): the payment is PAID. */
export function depositVirtualAccount(core: Emulator, merchantCode: string, paymentId: string): V2PaymentRecord {
  const payment = getPayment(core, merchantCode, paymentId);
  const now = core.now(merchantCode);
  const due = payment.method?.type === 'virtual_account' ? payment.method.due : 0;
  if (payment.status !== 'VIRTUAL_ACCOUNT_ISSUED' || now > due)
    throw new V2Error(409, 'PAYMENT_NOT_WAITING_FOR_DEPOSIT', `입금 대기 중인 결제가 아닙니다: ${paymentId}`);
  const paid = core.store.v2Payments.put({
    ...payment,
    status: 'PAID',
    paid_at: now,
    updated_at: now,
    status_changed_at: now,
  });
  announce(core, paid, 'Transaction.Paid');
  return paid;
}

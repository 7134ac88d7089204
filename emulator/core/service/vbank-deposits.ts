// Money arriving in a virtual account (the control API's deposit, the dashboard's button), and the
// accounts whose deadline passes on their merchant's clock. A deposit of the remaining amount pays
// the payment (and sends the notice); a smaller one is recorded and the account keeps waiting for
// the rest; more than the rest, or any deposit once the account is closed, the bank refuses (409).
import type { Emulator } from '../emulator';
import type { PaymentRecord } from '../store/records';
import type { DueWork } from '../time/timeline';
import { conflict, invalid, notFound } from '../wire/errors';
import { type Body, optionalNumber, optionalText } from '../wire/fields';
import { newPgTid } from './ids';
import { asPaid, savePayment } from './payments';
import { deposited, EXPIRED } from './vbanks';

const CLOSED: Record<string, string> = {
  paid: '이미 입금이 완료된 가상계좌입니다.',
  failed: '입금기한이 지나 닫힌 가상계좌입니다.',
  cancelled: '말소된 가상계좌입니다.',
};

export function depositInto(core: Emulator, impUid: string, body: Body): PaymentRecord {
  const payment = core.store.payments.get(impUid);
  if (!payment?.vbank) throw notFound(`가상계좌가 아닙니다: ${impUid}`);
  const closed = CLOSED[payment.status];
  if (closed) throw conflict(closed);
  const now = core.now(payment.merchant_code);
  if (now > payment.vbank.due) throw conflict(`입금기한(${payment.vbank.due})이 지났습니다 (현재: ${now}).`);
  const remaining = payment.amount - deposited(payment);
  const amount = optionalNumber(body, 'amount') ?? remaining;
  if (!Number.isInteger(amount) || amount <= 0) throw invalid('amount', '0보다 큰 정수여야 합니다.');
  if (amount > remaining) throw conflict(`입금액(${amount})이 남은 금액(${remaining})보다 많습니다.`);
  const depositor = optionalText(body, 'depositor_name', { max: 20 }) ?? payment.buyer_name ?? '입금자';
  const updated = {
    ...payment,
    deposits: [...payment.deposits, { pg_tid: newPgTid(), amount, depositor_name: depositor, deposited_at: now }],
  };
  if (amount < remaining) return core.store.payments.put(updated);
  return savePayment(core, asPaid(updated, now));
}

/** A merchant's accounts whose deadline passed on its clock become failed (no notice, as on the service). */
export const vbankExpiry = (core: Emulator, merchantCode: string): DueWork => ({
  next: () => core.store.waitingVbanks.next(merchantCode),
  run: (at) => {
    for (const payment of core.store.waitingVbanks.due(merchantCode, at)) {
      core.store.payments.put({
        ...payment,
        status: 'failed',
        failed_at: core.now(merchantCode),
        fail_reason: EXPIRED,
      });
    }
  },
});

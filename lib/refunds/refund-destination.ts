import 'server-only';
import { AppError, refusals } from '@/lib/http';
import { IamportNotFoundError, iamport, type Payment } from '@/lib/iamport';
import type { RefundAccount } from '@/lib/payments';
import { methodOfPayment } from '@/lib/payments/client';
import type { RefundAccountInput } from '@/lib/values/client';
import type { PaymentRecord } from './payment-records';

// Where a refund goes. A card's or wallet's goes back the way it came; a 가상계좌's by bank transfer
// to the customer's account — one the operator typed in the console, else the one the customer
// left on the order — whose holder the service confirms before anything is written.

export const refuseAccount = refusals({
  refund_account_required: [
    422,
    '가상계좌 결제는 환불받을 계좌가 있어야 환불할 수 있습니다. 고객이 남긴 계좌가 없으니 은행, 계좌번호, 예금주를 입력해 주세요.',
  ],
  refund_account_not_found: [400, '환불 계좌를 확인할 수 없습니다. 은행과 계좌번호를 다시 확인해 주세요.'],
  refund_holder_mismatch: [400, '예금주가 계좌의 실제 예금주와 다릅니다.'],
});

/** Whether a refund of this record must name an account: our order says 가상계좌, or the service's record does. */
export const needsAccount = (record: PaymentRecord, payment?: Payment) =>
  (record.type === 'order' && record.order.payMethod === 'vbank') ||
  (payment !== undefined && methodOfPayment(payment) === 'vbank');

/** The account the customer left on the order, if all of it is there. */
export function storedAccount(record: PaymentRecord): RefundAccount | undefined {
  if (record.type !== 'order') return undefined;
  const { refundBank: bank, refundAccount: account, refundHolder: holder } = record.order;
  return bank && account && holder ? { bank, account, holder } : undefined;
}

/**
 * The account a refund of `payment` is sent to, its holder checked at the service; undefined when
 * it needs none. Refused (4xx, nothing written) without an account, for an account the service
 * does not know, or for a holder that is not the account's.
 */
export async function refundDestination(
  record: PaymentRecord,
  payment: Payment,
  typed: RefundAccountInput | undefined,
): Promise<RefundAccount | undefined> {
  if (!needsAccount(record, payment)) return undefined;
  const account = typed ?? storedAccount(record);
  if (!account) throw refuseAccount('refund_account_required');
  return confirmAccount(account, typed !== undefined);
}

/**
 * The account with its holder confirmed at the service (spaces aside). Refused (4xx, nothing
 * written) for an account the service does not know, or a holder that is not the account's;
 * `typed`: the operator typed it (the errors name its fields), else the customer left it.
 */
export async function confirmAccount(account: RefundAccount, typed: boolean): Promise<RefundAccount> {
  const field = (name: string, error: AppError) =>
    typed ? new AppError(error.status, error.code, error.message, { [`refundAccount.${name}`]: error.message }) : error;
  let holder: string;
  try {
    holder = await iamport().vbanks.holder({ bank_code: account.bank, bank_num: account.account });
  } catch (error) {
    // Anything else (the service unreachable) is the route wrapper's 503: nothing was written.
    if (error instanceof IamportNotFoundError) throw field('account', refuseAccount('refund_account_not_found'));
    throw error;
  }
  if (sameName(holder) !== sameName(account.holder))
    throw field(
      'holder',
      refuseAccount(
        'refund_holder_mismatch',
        typed
          ? '예금주가 계좌의 실제 예금주와 다릅니다. 고객에게 예금주를 다시 확인해 주세요.'
          : '고객이 남긴 계좌의 예금주가 실제 예금주와 다릅니다. 고객에게 확인한 계좌를 입력해 주세요.',
      ),
    );
  return { bank: account.bank, account: account.account.replace(/\D/g, ''), holder: account.holder.trim() };
}

/** Names compared as banks compare them: spaces aside. */
const sameName = (name: string) => name.replace(/\s/g, '');

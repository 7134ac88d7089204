import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { orders } from '@/lib/db';
import { IamportApiError, IamportAuthenticationError, iamport } from '@/lib/iamport';
import type { RefundAccount } from '@/lib/payments';
import type { RefundAccountInput } from '@/lib/values/client';
import { maskAccount } from '@/lib/values/client';
import { customerActor } from './order-refunds';
import { stepOrder } from './order-step';
import type { Order } from './orders';
import { payOwed } from './owed-refund-payment';
import { owedRefundsOf } from './owed-refunds';
import { refuseOrder } from './refusals';

// A 가상계좌's money goes back by bank transfer, to an account the customer names (은행, 예금주,
// 계좌번호). The holder they type is checked against the service's (GET /vbanks/holder) before it is
// kept on the order; a cancel or an approved return sends it with its refund.

/** Names as banks print them compare without spaces and case: `김 하늘` is `김하늘`. */
const sameName = (a: string, b: string) => a.replace(/\s/g, '').toLowerCase() === b.replace(/\s/g, '').toLowerCase();

/**
 * Keeps the customer's refund account on their 가상계좌 order (waiting or paid; a changed account
 * replaces the old one), or on any order of theirs with money owed back (owed-refunds.ts), which is
 * then refunded to it, once. Refused, with nothing changed: no such account (422), a holder that is
 * not the account's (422, without saying whose it is), an order that takes no account (409).
 */
export async function saveRefundAccount(order: Order, input: RefundAccountInput): Promise<Order> {
  const owed = (await owedRefundsOf(order.merchantUid)).filter((o) => o.status !== 'refunded');
  if (!takesRefundAccount(order) && owed.length === 0) throw refuseOrder('refund_account_not_needed');
  let holder: string;
  try {
    holder = await iamport().vbanks.holder({ bank_code: input.bank, bank_num: input.account });
  } catch (error) {
    // Not found, or an account the service cannot read (its 4xx): the customer checks what they typed.
    const refused =
      error instanceof IamportApiError && !(error instanceof IamportAuthenticationError) && error.httpStatus < 500;
    if (refused) throw refuseOrder('refund_account_not_found');
    throw error;
  }
  if (!sameName(holder, input.holder)) throw refuseOrder('refund_holder_mismatch');
  const saved = await stepOrder(order.id, {
    set: { refundBank: input.bank, refundAccount: input.account, refundHolder: holder },
    from: owed.length > 0 ? [] : [eq(orders.payMethod, 'vbank'), inArray(orders.status, ['awaiting', 'paid'])],
    actor: customerActor(order.userId),
    audit: () => ({
      action: 'order.refund_account',
      note: `${input.bank} ${maskAccount(input.account)}`,
      result: 'saved',
    }),
  });
  if (!saved) throw refuseOrder('refund_account_not_needed');
  const account = { bank: input.bank, account: input.account, holder };
  for (const each of owed) await payOwed(each, account);
  return saved;
}

/** A 가상계좌 order that still has money coming or kept: its refund would go to an account. */
const takesRefundAccount = (order: Order) =>
  order.payMethod === 'vbank' && (order.status === 'awaiting' || order.status === 'paid');

/** The refund account kept on the order, as a refund promise carries it; undefined when none is. */
export function refundAccountOf(order: Order): RefundAccount | undefined {
  const { refundBank: bank, refundAccount: account, refundHolder: holder } = order;
  return bank && account && holder ? { bank, account, holder } : undefined;
}

/**
 * The account a refund of `payment` (the service's record) must be sent to: none for a card's; for a
 * 가상계좌's the one on file, or a 409 `refund_account_required` that tells the customer to enter it.
 */
export function refundAccountFor(order: Order, payment: { pay_method?: string | null }): RefundAccount | undefined {
  if (payment.pay_method !== 'vbank') return undefined;
  const account = refundAccountOf(order);
  if (!account) throw refuseOrder('refund_account_required');
  return account;
}

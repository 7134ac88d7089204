import 'server-only';
import type { Refund } from '@/lib/payments';
import { afterEnding, operatorBook } from '@/lib/refunds';
import type { LostRefund } from './lost-refunds';

/**
 * For reconciliation: how an operator's refund whose answer was lost is resolved — made, it is
 * recorded with its audit row (and a subscription it ended takes its next booking back once that
 * is committed); one that can never be made is reported in the audit log.
 */
export function lostOperatorRefund(refund: Refund): LostRefund {
  const made = { ended: false };
  return {
    book: operatorBook(undefined, made),
    afterwards: async () => {
      if (made.ended) await afterEnding(refund);
    },
  };
}

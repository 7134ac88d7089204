// GET /payments/status/{payment_status}: a merchant's payments in one status (or all), in a time
// range, sorted and paged as the Swagger file describes. The range applies to the time of each
// payment's current status: started_at (ready), paid_at, cancelled_at, failed_at.

import type { Emulator } from '../emulator';
import type { PaymentRecord, PaymentStatus } from '../store/records';
import { scoped } from '../store/store';
import { invalid } from '../wire/errors';
import { type PageRequest, pageOf, type TimeRange } from '../wire/listing';
import { visible } from './channels';
import { bySorting, type Sorting } from './payments';

export const PAYMENT_STATUSES: readonly PaymentStatus[] = ['ready', 'paid', 'cancelled', 'failed'];
export type StatusFilter = PaymentStatus | 'all';

export function readStatusFilter(value: string): StatusFilter {
  if (value === 'all' || PAYMENT_STATUSES.includes(value as PaymentStatus)) return value as StatusFilter;
  throw invalid('payment_status', `all, ${PAYMENT_STATUSES.join(', ')} 중 하나여야 합니다.`);
}

/** The time a payment reached its current status (what `from`/`to` compare with). */
export function statusTime(p: PaymentRecord): number {
  switch (p.status) {
    case 'ready':
      return p.started_at;
    case 'paid':
      return p.paid_at;
    case 'cancelled':
      return p.cancelled_at;
    case 'failed':
      return p.failed_at;
  }
}

export interface PaymentListQuery extends PageRequest, TimeRange {
  status: StatusFilter;
  sorting: Sorting;
  includeSandbox: boolean;
}

/** One page of the merchant's payments; the status index keeps this to the payments in that status. */
export function listPayments(core: Emulator, merchantCode: string, query: PaymentListQuery) {
  const statuses = query.status === 'all' ? PAYMENT_STATUSES : [query.status];
  const matching = statuses
    .flatMap((status) => core.store.paymentsByStatus.get(scoped(merchantCode, status)))
    .filter((p) => {
      const at = statusTime(p);
      return at >= query.from && at <= query.to && visible(p, query.includeSandbox);
    })
    .sort(bySorting(query.sorting));
  return pageOf(matching, query);
}

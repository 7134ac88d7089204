// Reads of several payments: by imp_uid and order number together (GET /payments), every payment
// of an order number (GET /payments/findAll/…), a billing key's payments. Each through an index;
// test-channel payments are left out, as on the single reads.

import type { Emulator } from '../emulator';
import type { PaymentRecord, PaymentStatus } from '../store/records';
import { scoped } from '../store/store';
import { invalid, notFound } from '../wire/errors';
import { boundedList } from '../wire/fields';
import { type PageRequest, pageOf } from '../wire/listing';
import { visible } from './channels';
import { bySorting, paymentsOfOrder, type Sorting } from './payments';

/** `imp_uid[]=…` (or plain repeated `imp_uid=…`), at most 100 values together. */
export const listParam = (query: URLSearchParams, name: string) => [
  ...query.getAll(`${name}[]`),
  ...query.getAll(name),
];

export interface ManyFound<T> {
  found: T[];
  /** Asked for and not found: the real service answers HTTP 207 then. */
  missing: string[];
}

/** GET /payments: each imp_uid's payment and each order number's newest, in the order asked. */
export function paymentsByIds(
  core: Emulator,
  merchantCode: string,
  impUids: string[],
  merchantUids: string[],
): ManyFound<PaymentRecord> {
  if (impUids.length + merchantUids.length === 0)
    throw invalid('imp_uid[]', 'imp_uid[] 또는 merchant_uid[]가 필요합니다.');
  boundedList([...impUids, ...merchantUids], 'imp_uid[]');
  const result: ManyFound<PaymentRecord> = { found: [], missing: [] };
  for (const impUid of impUids) {
    const payment = core.store.payments.get(impUid);
    if (payment?.merchant_code === merchantCode && visible(payment, false)) result.found.push(payment);
    else result.missing.push(impUid);
  }
  for (const merchantUid of merchantUids) {
    const [newest] = paymentsOfOrder(core, merchantCode, merchantUid).filter((p) => visible(p, false));
    if (newest) result.found.push(newest);
    else result.missing.push(merchantUid);
  }
  if (result.found.length === 0) throw notFound('존재하지 않는 결제정보입니다.');
  return result;
}

/** GET /payments/findAll/{merchant_uid}[/{status}]: a page of every payment of an order number (404 when none). */
export function allOfOrder(
  core: Emulator,
  merchantCode: string,
  merchantUid: string,
  query: PageRequest & { status: PaymentStatus | null; sorting: Sorting },
) {
  const payments = paymentsOfOrder(core, merchantCode, merchantUid, query.status, query.sorting).filter((p) =>
    visible(p, false),
  );
  if (payments.length === 0) throw notFound('존재하지 않는 결제정보입니다.');
  return pageOf(payments, query);
}

/** GET /subscribe/customers/{customer_uid}/payments: a page of the key's payments, newest first. */
export function paymentsOfCustomer(core: Emulator, merchantCode: string, customerUid: string, page: number) {
  const payments = core.store.paymentsByCustomer
    .get(scoped(merchantCode, customerUid))
    .filter((p) => visible(p, false))
    .sort(bySorting('-started'));
  const hasKey = core.store.billingKeys.has(scoped(merchantCode, customerUid));
  if (payments.length === 0 && !hasKey) throw notFound('등록되지 않은 구매자입니다.');
  return pageOf(payments, { page, limit: 20 });
}

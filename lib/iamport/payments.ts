import 'server-only';
import { z } from 'zod';
import { type Call, segment, withQuery } from './http';
import { options, parseRequest, readPayload } from './parse';
import {
  type Payment,
  type PaymentPage,
  type PreparedPayment,
  paymentPageSchema,
  paymentSchema,
  preparedPaymentSchema,
} from './schemas/payment';
import { paymentStatus } from './schemas/primitives';
import { amount, bankAccount, bankCode, id, merchantUid, unixSeconds } from './schemas/request-fields';

/** The service's longest range per list request (GET /payments/status/…: "최대 90일"). */
const MAX_RANGE_SECONDS = 90 * 86_400;
const LIST_LIMIT = 1000;

const getRequest = options({ imp_uid: id });
const findRequest = options({ merchant_uid: merchantUid, status: paymentStatus.optional() });
const cancelRequest = options({
  imp_uid: id.optional(),
  merchant_uid: merchantUid.optional(),
  /** Omitted: refund everything that is left. */
  amount: amount.optional(),
  /** The refundable balance the caller believes current; the service refuses on a mismatch. */
  checksum: z.number().finite().nonnegative('must not be negative').optional(),
  reason: z.string().max(200, 'at most 200 characters').optional(),
  /** A 가상계좌 payment goes back by bank transfer: the customer's account (its holder checked first). */
  refund_holder: z.string().min(1).max(20, 'at most 20 characters').optional(),
  refund_bank: bankCode.optional(),
  refund_account: bankAccount.optional(),
}).refine((value) => value.imp_uid !== undefined || value.merchant_uid !== undefined, {
  message: 'give imp_uid or merchant_uid',
  path: ['imp_uid'],
});
const listFields = {
  status: z.enum(['all', 'ready', 'paid', 'cancelled', 'failed']),
  /** Compared with the time of each payment's current status (paid_at for paid, …), both inclusive. */
  from: unixSeconds.optional(),
  to: unixSeconds.optional(),
  sorting: z.enum(['-started', 'started', '-paid', 'paid', '-updated', 'updated']).optional(),
};
const listRequest = options({
  ...listFields,
  page: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(LIST_LIMIT).optional(),
}).refine((value) => value.from === undefined || value.to === undefined || value.from <= value.to, {
  message: 'from must not be after to',
  path: ['from'],
});
const listAllRequest = options({ ...listFields, from: unixSeconds, to: unixSeconds }).refine(
  (value) => value.from <= value.to,
  { message: 'from must not be after to', path: ['from'] },
);
const prepareRequest = options({
  merchant_uid: merchantUid,
  /** 0 pins a billing-key issuance window to charging nothing. */
  amount: z
    .number({ error: 'expected a number' })
    .finite('expected a finite number')
    .nonnegative('must not be negative'),
});
const getPreparedRequest = options({ merchant_uid: merchantUid });

export type GetPaymentOptions = z.input<typeof getRequest>;
export type FindPaymentOptions = z.input<typeof findRequest>;
export type CancelPaymentOptions = z.input<typeof cancelRequest>;
export type PreparePaymentOptions = z.input<typeof prepareRequest>;
export type GetPreparedPaymentOptions = z.input<typeof getPreparedRequest>;
export type ListPaymentsOptions = z.input<typeof listRequest>;
export type ListAllPaymentsOptions = z.input<typeof listAllRequest>;

export interface ReadOptions {
  /** Ask for test-channel (sandbox) payments too (`include_sandbox=true`); the service leaves them out otherwise. */
  includeSandbox: boolean;
}

/** `include_sandbox=true` on reads of payments, only when the client is configured for it. */
export const sandboxQuery = (read: ReadOptions) => ({ include_sandbox: read.includeSandbox ? 'true' : undefined });

export function createPayments(call: Call, read: ReadOptions) {
  async function listByStatus(input: ListPaymentsOptions): Promise<PaymentPage> {
    const { status, timeoutMs, ...query } = parseRequest('payments.listByStatus', listRequest, input);
    const answer = await call('GET', withQuery(`/payments/status/${status}`, { ...query, ...sandboxQuery(read) }), {
      timeoutMs,
    });
    return readPayload(answer, paymentPageSchema);
  }

  return {
    /** GET /payments/{imp_uid}. Unknown imp_uid → IamportNotFoundError. */
    async get(input: GetPaymentOptions): Promise<Payment> {
      const { imp_uid, timeoutMs } = parseRequest('payments.get', getRequest, input);
      const answer = await call('GET', withQuery(`/payments/${segment(imp_uid)}`, sandboxQuery(read)), { timeoutMs });
      return readPayload(answer, paymentSchema);
    },

    /** GET /payments/find/{merchant_uid}[/{status}]: the newest payment of an order. None → IamportNotFoundError. */
    async find(input: FindPaymentOptions): Promise<Payment> {
      const { merchant_uid, status, timeoutMs } = parseRequest('payments.find', findRequest, input);
      const path = `/payments/find/${segment(merchant_uid)}${status ? `/${status}` : ''}`;
      return readPayload(await call('GET', withQuery(path, sandboxQuery(read)), { timeoutMs }), paymentSchema);
    },

    /** GET /payments/status/{status}: one page (default 20, newest first); without from/to the last 90 days. */
    listByStatus,

    /**
     * Every payment in `status` whose status time lies in [from, to]: the range is asked for in
     * slices of at most 90 days, each paged through 1,000 at a time, oldest first so that payments
     * arriving meanwhile land on later pages. Each payment appears once (a payment that changed
     * status between two pages may be missed: sweep again).
     */
    async listAllByStatus(input: ListAllPaymentsOptions): Promise<Payment[]> {
      const {
        from,
        to,
        sorting = 'started',
        ...rest
      } = parseRequest('payments.listAllByStatus', listAllRequest, input);
      const found = new Map<string, Payment>();
      for (let start = from; start <= to; start += MAX_RANGE_SECONDS) {
        const end = Math.min(to, start + MAX_RANGE_SECONDS - 1);
        for (let page = 1; page !== 0; ) {
          const answer = await listByStatus({ ...rest, from: start, to: end, sorting, page, limit: LIST_LIMIT });
          for (const payment of answer.list) if (!found.has(payment.imp_uid)) found.set(payment.imp_uid, payment);
          page = answer.next > page ? answer.next : 0;
        }
      }
      return [...found.values()];
    },

    /** POST /payments/cancel: a full or partial refund. Answers with the updated payment. */
    async cancel(input: CancelPaymentOptions): Promise<Payment> {
      const { timeoutMs, ...body } = parseRequest('payments.cancel', cancelRequest, input);
      return readPayload(await call('POST', '/payments/cancel', { body, timeoutMs }), paymentSchema);
    },

    /** POST /payments/prepare: pins the amount a payment window may charge for merchant_uid. */
    async prepare(input: PreparePaymentOptions): Promise<PreparedPayment> {
      const { timeoutMs, ...body } = parseRequest('payments.prepare', prepareRequest, input);
      return readPayload(await call('POST', '/payments/prepare', { body, timeoutMs }), preparedPaymentSchema);
    },

    /** GET /payments/prepare/{merchant_uid}. None → IamportNotFoundError. */
    async getPrepared(input: GetPreparedPaymentOptions): Promise<PreparedPayment> {
      const { merchant_uid, timeoutMs } = parseRequest('payments.getPrepared', getPreparedRequest, input);
      return readPayload(
        await call('GET', `/payments/prepare/${segment(merchant_uid)}`, { timeoutMs }),
        preparedPaymentSchema,
      );
    },
  };
}

export type PaymentsApi = ReturnType<typeof createPayments>;

import 'server-only';
import { z } from 'zod';
import { type Call, segment } from './http';
import { options, parseRequest, readPayload } from './parse';
import { type Payment, type PreparedPayment, paymentSchema, preparedPaymentSchema } from './schemas/payment';
import { paymentStatus } from './schemas/primitives';
import { amount, id, merchantUid } from './schemas/request-fields';

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
}).refine((value) => value.imp_uid !== undefined || value.merchant_uid !== undefined, {
  message: 'give imp_uid or merchant_uid',
  path: ['imp_uid'],
});
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

export function createPayments(call: Call) {
  return {
    /** GET /payments/{imp_uid}. Unknown imp_uid → IamportNotFoundError. */
    async get(input: GetPaymentOptions): Promise<Payment> {
      const { imp_uid, timeoutMs } = parseRequest('payments.get', getRequest, input);
      return readPayload(await call('GET', `/payments/${segment(imp_uid)}`, { timeoutMs }), paymentSchema);
    },

    /** GET /payments/find/{merchant_uid}[/{status}]: the newest payment of an order. None → IamportNotFoundError. */
    async find(input: FindPaymentOptions): Promise<Payment> {
      const { merchant_uid, status, timeoutMs } = parseRequest('payments.find', findRequest, input);
      const path = `/payments/find/${segment(merchant_uid)}${status ? `/${status}` : ''}`;
      return readPayload(await call('GET', path, { timeoutMs }), paymentSchema);
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

import 'server-only';
import { z } from 'zod';
import { type Call, segment } from './http';
import { failureOf, options, parseRecord, parseRequest, readFound } from './parse';
import { type BillingKey, billingKeySchema } from './schemas/billing-key';
import { cardFields, customerUid } from './schemas/request-fields';

const upTo = (max: number) => z.string().max(max, `at most ${max} characters`).optional();

const registerRequest = options({
  /** Server-chosen, one per card: registering again under it replaces the card. */
  customer_uid: customerUid,
  ...cardFields,
  customer_name: upTo(16),
  customer_tel: upTo(16),
  customer_email: upTo(64),
  customer_addr: upTo(128),
  customer_postcode: upTo(8),
  pg: z.string().min(1).optional(),
});
const keyRequest = options({ customer_uid: customerUid });

export type RegisterCardOptions = z.input<typeof registerRequest>;
export type BillingKeyOptions = z.input<typeof keyRequest>;

/** Registration either issues a billing key or is refused by the card network (not an error). */
export type RegistrationResult =
  | { outcome: 'issued'; billingKey: BillingKey }
  | { outcome: 'refused'; code: number; message: string };

export function createBillingKeys(call: Call) {
  return {
    /** POST /subscribe/customers/{customer_uid}: key-in card registration. The card data is not kept. */
    async register(input: RegisterCardOptions): Promise<RegistrationResult> {
      const { customer_uid, timeoutMs, ...body } = parseRequest('billingKeys.register', registerRequest, input);
      const answer = await call('POST', `/subscribe/customers/${segment(customer_uid)}`, { body, timeoutMs });
      const { envelope } = answer;
      if (answer.status !== 200 || envelope === null) throw failureOf(answer);
      if (envelope.code !== 0) {
        return { outcome: 'refused', code: envelope.code, message: envelope.message ?? 'the card was refused' };
      }
      return { outcome: 'issued', billingKey: parseRecord(answer, billingKeySchema, envelope.response) };
    },

    /** GET /subscribe/customers/{customer_uid}. None → IamportNotFoundError. */
    async get(input: BillingKeyOptions): Promise<BillingKey> {
      const { customer_uid, timeoutMs } = parseRequest('billingKeys.get', keyRequest, input);
      return readFound(
        await call('GET', `/subscribe/customers/${segment(customer_uid)}`, { timeoutMs }),
        billingKeySchema,
      );
    },

    /** DELETE /subscribe/customers/{customer_uid}: answers with the deleted record. None → IamportNotFoundError. */
    async delete(input: BillingKeyOptions): Promise<BillingKey> {
      const { customer_uid, timeoutMs } = parseRequest('billingKeys.delete', keyRequest, input);
      const answer = await call('DELETE', `/subscribe/customers/${segment(customer_uid)}`, { timeoutMs });
      return readFound(answer, billingKeySchema);
    },
  };
}

export type BillingKeysApi = ReturnType<typeof createBillingKeys>;

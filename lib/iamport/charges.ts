import 'server-only';
import { z } from 'zod';
import { IamportNotFoundError } from './errors';
import { type Call, segment } from './http';
import { type ChargeResult, charge, classifyPayment, type ResolvedCharge } from './outcomes';
import { options, parseRequest, readPayload } from './parse';
import { paymentSchema } from './schemas/payment';
import { amount, buyerFields, cardFields, customData, customerUid, merchantUid, url } from './schemas/request-fields';

const chargeFields = {
  /** A new order number for this charge: it is how a charge whose answer was lost is found again. */
  merchant_uid: merchantUid,
  amount,
  ...buyerFields,
  custom_data: customData,
  notice_url: url.optional(),
  card_quota: z.number().int().min(0).max(36).optional(),
};

const againRequest = options({
  ...chargeFields,
  customer_uid: customerUid,
  name: z.string().min(1, 'must not be empty'),
});
const onetimeRequest = options({
  ...chargeFields,
  ...cardFields,
  birth: cardFields.birth.optional(),
  /** When given, the card is also registered under it (billing key issued with the first charge). */
  customer_uid: customerUid.optional(),
  name: z.string().min(1, 'must not be empty').optional(),
  pg: z.string().min(1).optional(),
});
const resolveRequest = options({ merchant_uid: merchantUid });

export type AgainOptions = z.input<typeof againRequest>;
export type OnetimeOptions = z.input<typeof onetimeRequest>;
export type ResolveChargeOptions = z.input<typeof resolveRequest>;

export function createCharges(call: Call) {
  return {
    /**
     * POST /subscribe/payments/again: charges a registered card now. Never re-sent by the client;
     * if the answer is lost it throws IamportChargeUnknownError — call `resolve` before retrying.
     */
    async again(input: AgainOptions): Promise<ChargeResult> {
      const { timeoutMs, ...body } = parseRequest('charges.again', againRequest, input);
      return charge(body.merchant_uid, body.amount, () =>
        call('POST', '/subscribe/payments/again', { body, timeoutMs }),
      );
    },

    /** POST /subscribe/payments/onetime: a key-in charge (with customer_uid: also registers the card). */
    async onetime(input: OnetimeOptions): Promise<ChargeResult> {
      const { timeoutMs, ...body } = parseRequest('charges.onetime', onetimeRequest, input);
      return charge(body.merchant_uid, body.amount, () =>
        call('POST', '/subscribe/payments/onetime', { body, timeoutMs }),
      );
    },

    /**
     * The truth about a charge whose answer was lost, from GET /payments/find/{merchant_uid}:
     * paid, declined (or since cancelled), or `not_found` — the service never charged it.
     */
    async resolve(input: ResolveChargeOptions): Promise<ResolvedCharge> {
      const { merchant_uid, timeoutMs } = parseRequest('charges.resolve', resolveRequest, input);
      const answer = await call('GET', `/payments/find/${segment(merchant_uid)}`, { timeoutMs });
      try {
        return classifyPayment(readPayload(answer, paymentSchema));
      } catch (error) {
        if (error instanceof IamportNotFoundError) return { outcome: 'not_found', merchant_uid };
        throw error;
      }
    },
  };
}

export type ChargesApi = ReturnType<typeof createCharges>;

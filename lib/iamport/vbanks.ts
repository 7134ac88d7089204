import 'server-only';
import { z } from 'zod';
import { type Call, segment, withQuery } from './http';
import { options, parseRequest, readPayload } from './parse';
import { type Payment, paymentSchema } from './schemas/payment';
import { bankAccount, bankCode, id } from './schemas/request-fields';

// Virtual accounts (가상계좌) after their issue: whose an account is (asked before a refund is sent
// to it), and closing one nobody paid into. Issue itself happens in the payment window.

const holderRequest = options({ bank_code: bankCode, bank_num: bankAccount });
const revokeRequest = options({ imp_uid: id });
const holderSchema = z.looseObject({ bank_holder: z.string().min(1) });

export type AccountHolderOptions = z.input<typeof holderRequest>;

export function createVbanks(call: Call) {
  return {
    /** GET /vbanks/holder: the account's holder name; IamportNotFoundError when there is no such account. */
    async holder(input: AccountHolderOptions): Promise<string> {
      const { timeoutMs, bank_code, bank_num } = parseRequest('vbanks.holder', holderRequest, input);
      const answer = await call(
        'GET',
        withQuery('/vbanks/holder', { bank_code, bank_num: bank_num.replace(/\D/g, '') }),
        {
          timeoutMs,
        },
      );
      return readPayload(answer, holderSchema).bank_holder;
    },

    /** DELETE /vbanks/{imp_uid}: closes an account still waiting for its deposit (the payment becomes cancelled). */
    async revoke(input: { imp_uid: string; timeoutMs?: number }): Promise<Payment> {
      const { imp_uid, timeoutMs } = parseRequest('vbanks.revoke', revokeRequest, input);
      return readPayload(await call('DELETE', `/vbanks/${segment(imp_uid)}`, { timeoutMs }), paymentSchema);
    },
  };
}

export type VbanksApi = ReturnType<typeof createVbanks>;

import 'server-only';
import { z } from 'zod';
import { type Call, segment } from './http';
import { options, parseRequest, readPayload } from './parse';
import { type Payment, paymentSchema } from './schemas/payment';
import { amount, buyerFields, id, merchantUid, unixSeconds, url } from './schemas/request-fields';

// Convenience-store barcodes: deprecated by the service, still offered.

const issueRequest = options({
  merchant_uid: merchantUid,
  amount,
  /** A merchant-managed barcode to register instead of asking the provider for a new one. */
  barcode: z.string().min(1).max(64).optional(),
  /** Collection deadline; the contract's default when omitted. */
  expired_at: unixSeconds.optional(),
  name: z.string().min(1).max(40, 'at most 40 characters').optional(),
  ...buyerFields,
  /** `<provider_prefix>.<store_id>` when the merchant has several stores. */
  pg: z
    .string()
    .regex(/^[\w-]+(\.[\w-]+)?$/, 'expected <provider>.<store id>')
    .optional(),
  /** Asked before a store collects: HTTP 200 allows it. */
  confirm_url: url.optional(),
  notice_url: url.optional(),
  custom_data: z.union([z.string(), z.array(z.unknown())]).optional(),
});
const cancelRequest = options({ imp_uid: id });

export type IssueBarcodeOptions = z.input<typeof issueRequest>;
export type CancelBarcodeOptions = z.input<typeof cancelRequest>;

export function createCvs(call: Call) {
  return {
    /** POST /cvs: issues (or registers) a collection number; the payment stays `ready` until collected. */
    async issue(input: IssueBarcodeOptions): Promise<Payment> {
      const { timeoutMs, ...body } = parseRequest('cvs.issue', issueRequest, input);
      return readPayload(await call('POST', '/cvs', { body, timeoutMs }), paymentSchema);
    },

    /** DELETE /cvs/{imp_uid}: makes an uncollected barcode unusable. */
    async cancel(input: CancelBarcodeOptions): Promise<Payment> {
      const { imp_uid, timeoutMs } = parseRequest('cvs.cancel', cancelRequest, input);
      return readPayload(await call('DELETE', `/cvs/${segment(imp_uid)}`, { timeoutMs }), paymentSchema);
    },
  };
}

export type CvsApi = ReturnType<typeof createCvs>;

import 'server-only';
import { z } from 'zod';
import { type Call, segment } from './http';
import { options, parseRequest, readPayload } from './parse';
import { money, text, timestamp } from './schemas/primitives';
import { id } from './schemas/request-fields';

// Cash receipts (현금영수증) of a paid cash payment (가상계좌, 계좌이체): issued, read, cancelled.

const issueRequest = options({
  imp_uid: id,
  /** A phone number (소득공제) or a business registration number (지출증빙), digits and dashes. */
  identifier: z
    .string()
    .max(30, 'at most 30 characters')
    .regex(/^[\d-]+$/, 'expected digits and dashes')
    .refine((value) => /^\d{10,19}$/.test(value.replace(/-/g, '')), 'expected 10 to 19 digits'),
  /** person: 소득공제용; company: 지출증빙용. */
  type: z.enum(['person', 'company']),
  identifier_type: z.enum(['person', 'business', 'phone', 'taxcard']).optional(),
});
const keyRequest = options({ imp_uid: id });

export const receiptSchema = z.looseObject({
  imp_uid: text,
  receipt_tid: text,
  apply_num: text,
  type: text,
  amount: money,
  vat: money.optional(),
  receipt_url: text,
  applied_at: timestamp,
  /** 0 while the receipt stands. */
  cancelled_at: timestamp,
});

export type CashReceipt = z.output<typeof receiptSchema>;
export type IssueReceiptOptions = z.input<typeof issueRequest>;

export function createReceipts(call: Call) {
  return {
    /** POST /receipts/{imp_uid}: issues the receipt for what is left of the payment. */
    async issue(input: IssueReceiptOptions): Promise<CashReceipt> {
      const { imp_uid, timeoutMs, ...body } = parseRequest('receipts.issue', issueRequest, input);
      return readPayload(await call('POST', `/receipts/${segment(imp_uid)}`, { body, timeoutMs }), receiptSchema);
    },

    /** GET /receipts/{imp_uid}: the receipt, cancelled or not; IamportNotFoundError when none was issued. */
    async get(input: { imp_uid: string; timeoutMs?: number }): Promise<CashReceipt> {
      const { imp_uid, timeoutMs } = parseRequest('receipts.get', keyRequest, input);
      return readPayload(await call('GET', `/receipts/${segment(imp_uid)}`, { timeoutMs }), receiptSchema);
    },

    /** DELETE /receipts/{imp_uid}: cancels it (a full refund takes its receipt with it). */
    async cancel(input: { imp_uid: string; timeoutMs?: number }): Promise<CashReceipt> {
      const { imp_uid, timeoutMs } = parseRequest('receipts.cancel', keyRequest, input);
      return readPayload(await call('DELETE', `/receipts/${segment(imp_uid)}`, { timeoutMs }), receiptSchema);
    },
  };
}

export type ReceiptsApi = ReturnType<typeof createReceipts>;

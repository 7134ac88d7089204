import { cancelReceipt, getReceipt, issueExternalReceipt, issueReceipt } from '../core/service/receipts';
import type { ReceiptRecord } from '../core/store/records';
import { receiptKey } from '../core/store/store';
import { invalid, notFound } from '../core/wire/errors';
import { param, type RestApi, type RestContext } from './rest';

const common = (r: ReceiptRecord) => ({
  receipt_tid: r.receipt_tid,
  apply_num: r.apply_num,
  type: r.type,
  amount: r.amount,
  vat: r.vat,
  receipt_url: null,
  applied_at: r.applied_at,
  cancelled_at: r.cancelled_at,
});
const receiptWire = (r: ReceiptRecord) => ({ imp_uid: r.imp_uid, ...common(r) });
const externalWire = (r: ReceiptRecord) => ({ merchant_uid: r.merchant_uid, ...common(r) });

/** The payment's receipt key (its merchant_uid is part of the key only for external receipts). */
const paymentKey = (ctx: RestContext) => receiptKey(ctx.merchant.code, param(ctx, 'imp_uid'), '');
const externalKey = (ctx: RestContext) => receiptKey(ctx.merchant.code, null, param(ctx, 'merchant_uid'));

export function receiptRoutes(api: RestApi): void {
  // GET /receipts/:imp_uid — the cash receipt of a payment (404 when none was issued)
  api.on('GET', '/receipts/:imp_uid', (ctx) => receiptWire(getReceipt(ctx.core, ctx.merchant.code, paymentKey(ctx))));
  // POST /receipts/:imp_uid — issue a cash receipt for a paid virtual-account or transfer payment
  api.on('POST', '/receipts/:imp_uid', (ctx) =>
    receiptWire(issueReceipt(ctx.core, ctx.merchant.code, param(ctx, 'imp_uid'), ctx.body)),
  );
  // DELETE /receipts/:imp_uid — cancel it (400 when none was issued)
  api.on('DELETE', '/receipts/:imp_uid', (ctx) =>
    receiptWire(cancelReceipt(ctx.core, ctx.merchant.code, paymentKey(ctx), (m) => invalid('imp_uid', m))),
  );
  // GET /receipts/external/:merchant_uid — a receipt for a cash sale outside the service
  api.on('GET', '/receipts/external/:merchant_uid', (ctx) =>
    externalWire(getReceipt(ctx.core, ctx.merchant.code, externalKey(ctx))),
  );
  // POST /receipts/external/:merchant_uid — issue one
  api.on('POST', '/receipts/external/:merchant_uid', (ctx) =>
    externalWire(issueExternalReceipt(ctx.core, ctx.merchant.code, param(ctx, 'merchant_uid'), ctx.body)),
  );
  // DELETE /receipts/external/:merchant_uid — cancel it (404 when none was issued)
  api.on('DELETE', '/receipts/external/:merchant_uid', (ctx) =>
    externalWire(cancelReceipt(ctx.core, ctx.merchant.code, externalKey(ctx), notFound)),
  );
}

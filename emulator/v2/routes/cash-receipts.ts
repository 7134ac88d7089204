// Cash receipts: issue one for a payment id (POST /cash-receipts), read and cancel a payment's,
// list them.
import { newApplyNum, newReceiptTid } from '../../core/service/ids';
import { scoped } from '../../core/store/store';
import type { V2CashReceiptRecord } from '../../core/store/v2-records';
import type { MerchantV2 } from '../../merchants';
import type { V2Api, V2Context } from '../api';
import { invalidRequest, V2Error } from '../errors';
import {
  amountOf,
  currencyOf,
  type Json,
  optionalBoolean,
  optionalObject,
  optionalString,
  optionalStrings,
  optionalTime,
  paged,
  requiredString,
} from '../fields';
import { channelFor } from '../service/channels';
import { findPayment } from '../service/payments';
import { channelWire, iso, merchantIdOf, vatOf } from '../wire';

const notFound = (paymentId: string) =>
  new V2Error(404, 'CASH_RECEIPT_NOT_FOUND', `현금영수증이 존재하지 않습니다: ${paymentId}`);

export function cashReceiptWire(r: V2CashReceiptRecord, store: MerchantV2) {
  return {
    status: r.cancelled_at > 0 ? 'CANCELLED' : 'ISSUED',
    merchantId: merchantIdOf(r.store_id),
    storeId: r.store_id,
    paymentId: r.payment_id,
    channel: channelWire(r.channel_key, r.pg_provider, store),
    amount: r.total,
    taxFreeAmount: r.tax_free,
    vatAmount: vatOf(r.total, r.tax_free),
    currency: r.currency,
    orderName: r.order_name,
    isManual: r.manual,
    type: r.type,
    pgReceiptId: r.issue_number,
    issueNumber: r.issue_number,
    issuedAt: iso(r.issued_at),
    ...(r.cancelled_at > 0 ? { cancelledAt: iso(r.cancelled_at) } : {}),
    statusUpdatedAt: iso(Math.max(r.issued_at, r.cancelled_at)),
  };
}

function get({ core, merchant }: V2Context, paymentId: string): V2CashReceiptRecord {
  const receipt = core.store.v2CashReceipts.get(scoped(merchant.code, paymentId));
  if (!receipt) throw notFound(paymentId);
  return receipt;
}

function issue(ctx: V2Context) {
  const { core, merchant, body } = ctx;
  const paymentId = requiredString(body, 'paymentId', 200);
  const type = requiredString(body, 'type', 20);
  if (type !== 'PERSONAL' && type !== 'CORPORATE') throw invalidRequest('type: PERSONAL 또는 CORPORATE여야 합니다.');
  const customer = optionalObject(body, 'customer');
  const identity = customer ? requiredString(customer, 'identityNumber', 20) : '';
  if (!/^\d{10,13}$/.test(identity.replace(/-/g, '')))
    throw invalidRequest('customer.identityNumber: 휴대폰 번호, 주민등록번호 또는 사업자등록번호여야 합니다.');
  const existing = core.store.v2CashReceipts.get(scoped(merchant.code, paymentId));
  if (existing && existing.cancelled_at === 0)
    throw new V2Error(409, 'CASH_RECEIPT_ALREADY_ISSUED', `이미 발급된 현금영수증입니다: ${paymentId}`);
  const amount = amountOf(body);
  const channel = channelFor(merchant.v2, requiredString(body, 'channelKey', 200), 'CARD');
  const receipt = core.store.v2CashReceipts.put({
    merchant_code: merchant.code,
    seq: core.store.nextSeq(),
    payment_id: paymentId,
    store_id: merchant.v2.store_id,
    type,
    issue_number: newApplyNum(),
    total: amount.total,
    tax_free: amount.tax_free,
    currency: currencyOf(body),
    issued_at: core.now(merchant.code),
    cancelled_at: 0,
    order_name: requiredString(body, 'orderName', 200),
    channel_key: channel.channel_key,
    pg_provider: channel.pg_provider,
    manual: findPayment(core, merchant.code, paymentId) === undefined,
    identity_tail: identity.slice(-4),
  });
  return {
    cashReceipt: {
      issueNumber: receipt.issue_number,
      url: `${ctx.baseUrl}/cash-receipts/${encodeURIComponent(newReceiptTid())}`,
      pgReceiptId: receipt.issue_number,
    },
  };
}

function cancel(ctx: V2Context) {
  const receipt = get(ctx, ctx.params.paymentId ?? '');
  if (receipt.cancelled_at > 0)
    throw new V2Error(404, 'CASH_RECEIPT_NOT_ISSUED', `발급된 현금영수증이 없습니다: ${receipt.payment_id}`);
  const now = ctx.core.now(ctx.merchant.code);
  ctx.core.store.v2CashReceipts.put({ ...receipt, cancelled_at: now });
  return { cancelledAmount: receipt.total, cancelledAt: iso(now) };
}

function matches(filter: Json): (r: V2CashReceiptRecord) => boolean {
  const paymentId = optionalString(filter, 'paymentId', 200);
  const statuses = optionalStrings(filter, 'statuses', 3);
  const manual = optionalBoolean(filter, 'isManual');
  const from = optionalTime(filter, 'from');
  const until = optionalTime(filter, 'until');
  return (r) =>
    (paymentId === null || r.payment_id === paymentId) &&
    (statuses === null || statuses.includes(r.cancelled_at > 0 ? 'CANCELLED' : 'ISSUED')) &&
    (manual === null || r.manual === manual) &&
    (from === null || r.issued_at >= from) &&
    (until === null || r.issued_at < until);
}

export function cashReceiptRoutes(api: V2Api): void {
  api.on('POST', '/cash-receipts', issue);
  api.on('GET', '/cash-receipts', (ctx) => {
    const filter = optionalObject(ctx.body, 'filter') ?? {};
    const items = ctx.core.store.v2CashReceiptsByMerchant
      .get(ctx.merchant.code)
      .filter(matches(filter))
      .sort((a, b) => b.seq - a.seq);
    return paged(items, ctx.body, (r) => cashReceiptWire(r, ctx.merchant.v2));
  });
  api.on('GET', '/payments/:paymentId/cash-receipt', (ctx) =>
    cashReceiptWire(get(ctx, ctx.params.paymentId ?? ''), ctx.merchant.v2),
  );
  api.on('POST', '/payments/:paymentId/cash-receipt/cancel', cancel);
}

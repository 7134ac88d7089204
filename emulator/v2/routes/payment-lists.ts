// Listing payments: GET /payments (pages, filter), GET /payments-by-cursor and
// GET /payment-events-by-cursor (in creation order; the cursor is the last item's sequence).
import type { V2PaymentRecord } from '../../core/store/v2-records';
import type { MerchantV2 } from '../../merchants';
import type { V2Context } from '../api';
import { forbiddenV2, invalidRequest } from '../errors';
import {
  type Json,
  optionalBoolean,
  optionalInteger,
  optionalObject,
  optionalString,
  optionalStrings,
  optionalTime,
  paged,
} from '../fields';
import { cancellationWire, channelWire, iso, merchantIdOf, paymentWire } from '../wire';

function merchantPayments(ctx: V2Context): V2PaymentRecord[] {
  return ctx.core.store.v2PaymentsByMerchant.get(ctx.merchant.code).sort((a, b) => a.seq - b.seq);
}

function matches(filter: Json): (p: V2PaymentRecord) => boolean {
  const from = optionalTime(filter, 'from');
  const until = optionalTime(filter, 'until');
  const byStatusChange = optionalString(filter, 'timestampType', 40) === 'STATUS_CHANGED_AT';
  const statuses = optionalStrings(filter, 'status', 10);
  const providers = optionalStrings(filter, 'pgProvider', 60);
  const scheduled = optionalBoolean(filter, 'isScheduled');
  const currency = optionalString(filter, 'currency', 3);
  const platform = optionalString(filter, 'platformType', 20);
  const version = optionalString(filter, 'version', 2);
  return (p) => {
    const at = byStatusChange ? p.status_changed_at : p.requested_at;
    if (from !== null && at < from) return false;
    if (until !== null && at >= until) return false;
    if (statuses && !statuses.includes(p.status)) return false;
    if (providers && !providers.includes(p.pg_provider)) return false;
    if (scheduled !== null && (p.schedule_id !== null) !== scheduled) return false;
    if (currency && p.currency !== currency) return false;
    if (platform && (platform === 'API') !== (p.platform === 'API')) return false;
    return version !== 'V1';
  };
}

export function listPayments(ctx: V2Context) {
  const filter = optionalObject(ctx.body, 'filter') ?? {};
  const storeId = optionalString(filter, 'storeId', 200);
  if (storeId !== null && storeId !== ctx.merchant.v2.store_id)
    throw forbiddenV2(`접근 권한이 없는 상점입니다: ${storeId}`);
  const byStatusChange = optionalString(filter, 'sortBy', 40) === 'STATUS_CHANGED_AT';
  const ascending = optionalString(filter, 'sortOrder', 4) === 'ASC';
  const key = (p: V2PaymentRecord) => (byStatusChange ? p.status_changed_at : p.requested_at) * 1e9 + p.seq;
  const items = merchantPayments(ctx)
    .filter(matches(filter))
    .sort((a, b) => (ascending ? key(a) - key(b) : key(b) - key(a)));
  return paged(items, ctx.body, (p) => paymentWire(p, ctx.merchant.v2, ctx.browserUrl));
}

/** Records after the cursor within [from, until), at most `size` (default 10, at most 1000). */
function cursorWindow<T extends { seq: number }>(ctx: V2Context, records: T[], at: (r: T) => number): T[] {
  const from = optionalTime(ctx.body, 'from');
  const until = optionalTime(ctx.body, 'until');
  const cursor = optionalString(ctx.body, 'cursor', 40);
  if (cursor !== null && !/^\d+$/.test(cursor)) throw invalidRequest('cursor: 올바르지 않은 커서입니다.');
  const size = optionalInteger(ctx.body, 'size', 1) ?? 10;
  if (size > 1000) throw invalidRequest('size: 최대 1000입니다.');
  const after = cursor === null ? -1 : Number(cursor);
  return records
    .filter((r) => r.seq > after && (from === null || at(r) >= from) && (until === null || at(r) < until))
    .slice(0, size);
}

export function paymentsByCursor(ctx: V2Context) {
  const items = cursorWindow(ctx, merchantPayments(ctx), (p) => p.requested_at);
  return {
    items: items.map((p) => ({ payment: paymentWire(p, ctx.merchant.v2, ctx.browserUrl), cursor: String(p.seq) })),
  };
}

interface PaymentEvent {
  seq: number;
  at: number;
  type: 'PAID' | 'PARTIAL_CANCELLED' | 'CANCELLED';
  payment: V2PaymentRecord;
  index: number;
}

/** A payment's events: its payment, then each cancellation (numbered after the payment's sequence). */
function eventsOf(p: V2PaymentRecord): PaymentEvent[] {
  if (p.paid_at === 0) return [];
  const events: PaymentEvent[] = [{ seq: p.seq * 1000, at: p.paid_at, type: 'PAID', payment: p, index: -1 }];
  let cancelled = 0;
  p.cancellations.forEach((c, index) => {
    cancelled += c.total;
    const type = cancelled === p.total ? 'CANCELLED' : 'PARTIAL_CANCELLED';
    events.push({ seq: p.seq * 1000 + index + 1, at: c.cancelled_at, type, payment: p, index });
  });
  return events;
}

function eventWire(e: PaymentEvent, store: MerchantV2, browserUrl: string) {
  const p = e.payment;
  const wire = paymentWire(p, store, browserUrl);
  const cancellation = e.index >= 0 ? p.cancellations[e.index] : undefined;
  return {
    type: e.type,
    id: cancellation?.id ?? `${p.transaction_id}-paid`,
    paymentId: p.payment_id,
    transactionId: p.transaction_id,
    merchantId: merchantIdOf(p.store_id),
    storeId: p.store_id,
    ...(wire.method ? { method: wire.method } : {}),
    channel: channelWire(p.channel_key, p.pg_provider, store),
    version: 'V2',
    ...(p.schedule_id ? { scheduleId: p.schedule_id } : {}),
    requestedAt: iso(p.requested_at),
    createdAt: iso(e.at),
    orderName: p.order_name,
    totalAmount: wire.amount,
    currency: p.currency,
    customer: { ...p.customer },
    ...(p.pg_tx_id ? { pgTxId: p.pg_tx_id } : {}),
    ...(wire.receiptUrl ? { receiptUrl: wire.receiptUrl } : {}),
    ...(cancellation ? { cancellation: cancellationWire(cancellation, wire.receiptUrl) } : { disputes: [] }),
    // A cancellation's amount is negative (the file: "음수로 표기").
    eventAmount: cancellation ? -cancellation.total : p.total,
    origin: wire.origin,
  };
}

export function paymentEventsByCursor(ctx: V2Context) {
  const events = merchantPayments(ctx)
    .flatMap(eventsOf)
    .sort((a, b) => a.seq - b.seq);
  const items = cursorWindow(ctx, events, (e) => e.at);
  return {
    items: items.map((e) => ({ paymentEvent: eventWire(e, ctx.merchant.v2, ctx.browserUrl), cursor: String(e.seq) })),
  };
}

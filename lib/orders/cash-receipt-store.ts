import 'server-only';
import { and, eq, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import { getDb, orders } from '@/lib/db';
import type { CashReceiptRequest } from './cash-receipt-input';
import type { Order } from './orders';

// The cash_receipt_* columns of an order. Every change is conditional on what the row holds, so
// two requests, a deposit notice and reconciliation racing each other change it once.
//
// While `requested`, cash_receipt_identifier holds the number (digits) the service needs, and
// cash_receipt_apply_num marks an issuance in flight: `claim:<ms>`, written by the conditional update
// that lets one caller ask the service. A claim older than CLAIM_LEASE_MS is taken to be lost (a
// crash, a lost answer) and may be taken again; the taker first asks the service what happened.
// Once settled the identifier keeps only its last four digits.

const CLAIM = 'claim:';
export const CLAIM_LEASE_MS = 60_000;
/** Epoch milliseconds in 13 digits (until the year 2286): claims compare as text. */
const claimAt = (ms: number) => `${CLAIM}${String(ms).padStart(13, '0')}`;
export const isClaim = (applyNum: string | null) => applyNum?.startsWith(CLAIM) ?? false;

const lastFour = (digits: string | null) => (digits ?? '').slice(-4);

async function update(order: Pick<Order, 'id'>, set: Partial<Order>, where: SQL | undefined) {
  const db = await getDb();
  const [row] = await db
    .update(orders)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), where))
    .returning();
  return row;
}

/**
 * Writes the customer's request: while none was made, the last failed, or the one waiting has not
 * been taken to the service yet. Undefined when another stands (issued, or being issued).
 */
export const storeRequest = (order: Pick<Order, 'id'>, request: CashReceiptRequest) =>
  update(
    order,
    {
      cashReceiptStatus: 'requested',
      cashReceiptType: request.type,
      cashReceiptIdentifier: request.identifier,
      cashReceiptApplyNum: null,
    },
    or(
      isNull(orders.cashReceiptStatus),
      eq(orders.cashReceiptStatus, 'failed'),
      and(eq(orders.cashReceiptStatus, 'requested'), isNull(orders.cashReceiptApplyNum)),
    ),
  );

/**
 * Claims the request's issuance for this caller: only one caller at a time gets the row (the others
 * undefined). `now` is this server's clock; the row's claim says whether an earlier one was lost.
 */
export const claimIssue = (order: Pick<Order, 'id'>, now = Date.now()) =>
  update(
    order,
    { cashReceiptApplyNum: claimAt(now) },
    and(
      eq(orders.cashReceiptStatus, 'requested'),
      or(isNull(orders.cashReceiptApplyNum), lt(orders.cashReceiptApplyNum, claimAt(now - CLAIM_LEASE_MS))),
    ),
  );

/** Issued at the service: its 승인번호 kept, the number masked. Only from the claim that asked for it. */
export const recordIssued = (order: Pick<Order, 'id' | 'cashReceiptIdentifier'>, claim: string, applyNum: string) =>
  update(
    order,
    {
      cashReceiptStatus: 'issued',
      cashReceiptApplyNum: applyNum,
      cashReceiptIdentifier: lastFour(order.cashReceiptIdentifier),
    },
    and(eq(orders.cashReceiptStatus, 'requested'), eq(orders.cashReceiptApplyNum, claim)),
  );

/**
 * Not issued, and it will not be by this request: `failed` (the service refused it; the customer may
 * ask again) or `cancelled` (its order was refunded first). The number masked. Only from the claim.
 */
export const recordNotIssued = (
  order: Pick<Order, 'id' | 'cashReceiptIdentifier'>,
  claim: string,
  status: 'failed' | 'cancelled',
) =>
  update(
    order,
    {
      cashReceiptStatus: status,
      cashReceiptApplyNum: null,
      cashReceiptIdentifier: lastFour(order.cashReceiptIdentifier),
    },
    and(eq(orders.cashReceiptStatus, 'requested'), eq(orders.cashReceiptApplyNum, claim)),
  );

/** Cancelled at the service with the refund that took the whole payment. */
export const recordCancelled = (order: Pick<Order, 'id'>) =>
  update(order, { cashReceiptStatus: 'cancelled' }, eq(orders.cashReceiptStatus, 'issued'));

/** A request for an order that will never be paid (cancelled, refunded): nothing to issue, the number masked. */
export const dropRequest = (order: Pick<Order, 'id' | 'cashReceiptIdentifier'>) =>
  update(
    order,
    { cashReceiptStatus: 'cancelled', cashReceiptIdentifier: lastFour(order.cashReceiptIdentifier) },
    and(eq(orders.cashReceiptStatus, 'requested'), isNull(orders.cashReceiptApplyNum)),
  );

/**
 * Receipts with something left to do: asked for on an order now paid (to issue) or one that will
 * never be (to let go), and issued on an order refunded in full (to cancel).
 */
export async function listUnsettledReceipts(limit = 200): Promise<Order[]> {
  const db = await getDb();
  return db.query.orders.findMany({
    where: or(
      and(eq(orders.cashReceiptStatus, 'requested'), inArray(orders.status, ['paid', 'cancelled', 'refunded'])),
      and(eq(orders.cashReceiptStatus, 'issued'), eq(orders.status, 'refunded')),
    ),
    orderBy: orders.updatedAt,
    limit,
  });
}

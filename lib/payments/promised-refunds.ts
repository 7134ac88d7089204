import 'server-only';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Db, getDb, refunds } from '@/lib/db';
import { IamportApiError, IamportError, type Payment } from '@/lib/iamport';
import type { Api } from '@/lib/provider';
import { cancelPaymentOn, readPaymentOn, serviceNowOn } from './on-api';
import { cancelEntryKeys, refundFate } from './refund-fate';
import { refundableOf } from './refundable';

// Refunds promised to a customer (cancel now) or accepted from an operator: written down before
// they are asked of the service, made at most once (the checksum), and resolved from the payment's
// cancel_history when an answer is lost — by the next request for it or by reconciliation. One that
// cannot be made is marked `failed` and shown to operators; none is dropped silently.
//
// Decisions on one payment's refunds are taken one at a time, across connections, processes and
// app instances: under a transaction-level advisory lock on the payment (a session lock would not
// be exclusive on the embedded server), held only for database work, never across a call to the
// service. Under it a promise is written only while no other is in flight and only from a record
// that shows every refund of ours made so far; under it a promise is marked made with an entry no
// other promise holds.

export type Refund = typeof refunds.$inferSelect;
/** The transaction that resolves a promise, or writes one. */
export type RefundTx = Pick<Db, 'select' | 'update' | 'insert' | 'query' | 'execute'>;

/** Why a promise was refused for good: another refund came first (its checksum stale). */
export const SUPERSEDED = '다른 환불이 먼저 이루어져 이 환불은 하지 않았습니다.';

/** Holds the payment's refund lock until `tx` ends: one decision on its refunds at a time. */
export async function lockRefundsOf(tx: Pick<Db, 'execute'>, impUid: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`refund:${impUid}`}))`);
}

/**
 * What the owner of a promise does when it is resolved, in the transaction that marks it: a refund
 * made is recorded (on its order or charge, with its mail and audit row) exactly when it is marked
 * made, so a crash between the two cannot leave it unrecorded.
 */
export interface RefundBook {
  made(tx: RefundTx, refund: Refund, payment: Payment): Promise<void>;
  /** One that can never be made, reported where an operator sees it. */
  failed?(tx: RefundTx, refund: Refund, message: string): Promise<void>;
}

export interface RefundPromise {
  /** The payment as the service's record holds it now (read just before). */
  payment: Payment;
  /** The API the payment was made on, which refunds it (its order's or charge's `api`); default v1. */
  api?: Api;
  merchantUid: string;
  /** Null only for an owed refund of a payment no order here names. */
  userId: string | null;
  origin: Refund['origin'];
  operator?: { id: string; email: string };
  amount: number;
  reason: string;
  /** Service clock. */
  now: number;
  /** Required for a 가상계좌 payment (the money goes back by bank transfer), its holder checked before. */
  refundAccount?: RefundAccount;
}

/** The customer's bank account a 가상계좌 refund is sent to. */
export interface RefundAccount {
  /** Bank's standard 3-digit code. */
  bank: string;
  account: string;
  holder: string;
}

/** What asking for (or resolving) a promised refund came to. */
export type RefundOutcome =
  /** Made at the service (now, or found made); `payment` is the record with it. */
  | { kind: 'refunded'; refund: Refund; payment: Payment }
  /** Resolved before: nothing left to do. */
  | { kind: 'already'; refund: Refund }
  /** Not made, and never will be: the service refused it, or another refund came first (`superseded`). */
  | { kind: 'refused'; refund: Refund; message: string; superseded: boolean }
  /** Not known yet: left `requested` for the next request or reconciliation. */
  | { kind: 'unknown'; refund: Refund };

/** What writing a promise down came to. */
export type Claim =
  | { kind: 'promised'; refund: Refund }
  /** Another refund of the payment is in flight: nothing written (the caller answers 409). */
  | { kind: 'in_flight'; refund: Refund }
  /** The record the caller read misses a refund of ours made since: its balance is not the balance now. */
  | { kind: 'stale' };

/**
 * Writes the promise down in `tx` (with whatever the caller changes beside it: the subscription
 * ended, the order cancelled), under the payment's refund lock, which `tx` then holds to its end.
 */
export async function promiseRefund(tx: RefundTx, promise: RefundPromise): Promise<Claim> {
  const { payment } = promise;
  await lockRefundsOf(tx, payment.imp_uid);
  const earlier = await tx.select().from(refunds).where(eq(refunds.impUid, payment.imp_uid));
  const inFlight = earlier.find((refund) => refund.status === 'requested');
  if (inFlight) return { kind: 'in_flight', refund: inFlight };
  const seen = new Set(cancelEntryKeys(payment));
  if (earlier.some((refund) => refund.status === 'made' && refund.entry !== null && !seen.has(refund.entry)))
    return { kind: 'stale' };
  const [row] = await tx
    .insert(refunds)
    .values({
      impUid: payment.imp_uid,
      api: promise.api ?? 'v1',
      merchantUid: promise.merchantUid,
      userId: promise.userId,
      origin: promise.origin,
      operatorId: promise.operator?.id,
      operatorEmail: promise.operator?.email,
      amount: promise.amount,
      reason: promise.reason.slice(0, 200),
      checksum: refundableOf(payment),
      knownEntries: cancelEntryKeys(payment),
      refundBank: promise.refundAccount?.bank,
      refundAccount: promise.refundAccount?.account,
      refundHolder: promise.refundAccount?.holder,
      requestedAt: promise.now,
    })
    .onConflictDoNothing()
    .returning();
  return row ? { kind: 'promised', refund: row } : { kind: 'in_flight', refund: await inFlightOf(tx, payment.imp_uid) };
}

async function inFlightOf(tx: RefundTx, impUid: string): Promise<Refund> {
  const [row] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.impUid, impUid), eq(refunds.status, 'requested')));
  if (!row) throw new Error(`refund of ${impUid}: neither written nor in flight`);
  return row;
}

/** The refund of a payment in flight (asked, not resolved), if any. */
export async function refundInFlight(impUid: string): Promise<Refund | undefined> {
  const db = await getDb();
  return db.query.refunds.findFirst({ where: and(eq(refunds.impUid, impUid), eq(refunds.status, 'requested')) });
}

/** Every refund of `origin` asked for and not yet resolved. */
export async function refundsInFlight(...origins: Refund['origin'][]): Promise<Refund[]> {
  const db = await getDb();
  return db.query.refunds.findMany({ where: and(eq(refunds.status, 'requested'), inArray(refunds.origin, origins)) });
}

/** Asked on the payment's own API (refunds.api). */
const ask = (refund: Refund) =>
  cancelPaymentOn(refund.api, {
    impUid: refund.impUid,
    amount: refund.amount,
    checksum: refund.checksum,
    reason: refund.reason,
    ...(refund.refundBank &&
      refund.refundAccount &&
      refund.refundHolder && {
        refundAccount: {
          refund_bank: refund.refundBank,
          refund_account: refund.refundAccount,
          refund_holder: refund.refundHolder,
        },
      }),
  });

/**
 * Asks the service for a promised refund, once. A refusal is final; any other failure (a 5xx, a
 * timeout, a dropped connection) is resolved from the record: made, superseded, or unknown.
 */
export async function makeRefund(refund: Refund, book: RefundBook): Promise<RefundOutcome> {
  if (refund.status !== 'requested') return resolved(refund);
  try {
    return await settleFrom(refund, await ask(refund), book);
  } catch (error) {
    if (!(error instanceof IamportError)) throw error;
    const refusal = error instanceof IamportApiError && error.httpStatus < 500 ? error : undefined;
    return afterFailure(refund, refusal, book);
  }
}

/**
 * A promise whose answer was lost: the record decides. Nothing new there yet, it is asked once
 * more with the same checksum — if the first request still lands, the service refuses the other.
 */
export async function resolveRefund(refund: Refund, book: RefundBook): Promise<RefundOutcome> {
  if (refund.status !== 'requested') return resolved(refund);
  const record = await readRecord(refund);
  if (!record) return { kind: 'unknown', refund };
  if (refundFate(record, refund).kind !== 'not_yet') return settleFrom(refund, record, book);
  return makeRefund(refund, book);
}

async function afterFailure(
  refund: Refund,
  refusal: IamportApiError | undefined,
  book: RefundBook,
): Promise<RefundOutcome> {
  const record = await readRecord(refund);
  if (!record) return { kind: 'unknown', refund };
  if (refundFate(record, refund).kind !== 'not_yet') return settleFrom(refund, record, book);
  // Final only once the record shows nothing of ours made: a refusal may be the service turning down
  // a second ask of this promise whose first ask (another request's) has already made it.
  if (refusal) return fail(refund, refusal.serviceMessage ?? refusal.message, book);
  return { kind: 'unknown', refund };
}

async function readRecord(refund: Refund): Promise<Payment | undefined> {
  try {
    return await readPaymentOn(refund.api, refund.impUid);
  } catch (error) {
    if (error instanceof IamportError) return undefined;
    throw error;
  }
}

/** Settles the promise from a record that shows it made or superseded (an answer, or a read). */
async function settleFrom(refund: Refund, payment: Payment, book: RefundBook): Promise<RefundOutcome> {
  const fate = refundFate(payment, refund);
  if (fate.kind === 'superseded') return fail(refund, SUPERSEDED, book);
  if (fate.kind === 'not_yet') return { kind: 'unknown', refund };
  const now = await serviceNowOn(refund.api);
  const db = await getDb();
  const made = await db.transaction(async (tx) => {
    await lockRefundsOf(tx, refund.impUid);
    // An entry another promise holds is that one's refund (made first, from the same record): never ours.
    const [holder] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.impUid, refund.impUid), eq(refunds.entry, fate.entry), ne(refunds.id, refund.id)));
    if (holder) return 'taken' as const;
    const [row] = await tx
      .update(refunds)
      .set({ status: 'made', entry: fate.entry, resolvedAt: now })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'requested')))
      .returning();
    if (row) await book.made(tx, row, payment);
    return row;
  });
  if (made === 'taken') return fail(refund, SUPERSEDED, book);
  return made ? { kind: 'refunded', refund: made, payment } : resolved(refund);
}

async function fail(refund: Refund, message: string, book: RefundBook): Promise<RefundOutcome> {
  const now = await serviceNowOn(refund.api);
  const db = await getDb();
  const failed = await db.transaction(async (tx) => {
    await lockRefundsOf(tx, refund.impUid);
    const [row] = await tx
      .update(refunds)
      .set({ status: 'failed', failure: message.slice(0, 500), resolvedAt: now })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'requested')))
      .returning();
    if (row) await book.failed?.(tx, row, message);
    return row;
  });
  return failed ? { kind: 'refused', refund: failed, message, superseded: message === SUPERSEDED } : resolved(refund);
}

/** Resolved by someone else meanwhile (another request, reconciliation): read back as it stands. */
async function resolved(refund: Refund): Promise<RefundOutcome> {
  const db = await getDb();
  const now = (await db.query.refunds.findFirst({ where: eq(refunds.id, refund.id) })) ?? refund;
  if (now.status === 'failed') {
    const message = now.failure ?? '환불하지 못했습니다.';
    return { kind: 'refused', refund: now, message, superseded: message === SUPERSEDED };
  }
  return { kind: 'already', refund: now };
}

import 'server-only';
import { and, asc, eq, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { type Db, getDb } from '@/lib/db/client';
import { describeError } from '@/lib/db/errors';
import { mailOutbox, users } from '@/lib/db/schema';
import { env } from '@/lib/env';
import type { MailRow } from './outbox';
import { stillWanted } from './relevance';
import { renderMail } from './templates';
import { mailTransport } from './transport';

/** Attempts before a mail is given up (`failed`); the waits between them double from `retryBaseMs`. */
export const MAX_ATTEMPTS = 8;
/** A claimed row not finished within this is claimed again (its worker died mid-send). */
const LEASE_SECONDS = 120;

export interface SendOptions {
  /** Service clock, UNIX seconds: mail due by then is sent. */
  now: number;
  /** Rows claimed per transaction. */
  batch?: number;
  /** Mails sent at once. */
  concurrency?: number;
  retryBaseMs?: number;
  db?: Db;
}

export interface SendReport {
  sent: number;
  skipped: number;
  retried: number;
  failed: number;
}

/**
 * Claims due rows in a short transaction with FOR UPDATE SKIP LOCKED — several workers (app
 * instances on PostgreSQL, `npm run jobs`) each get different rows — and marks them `sending` under
 * a lease, so the sending happens outside any transaction.
 */
async function claimDue(db: Db, now: number, batch: number): Promise<MailRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        or(
          and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.dueAt, now), lte(mailOutbox.nextAttemptAt, sql`now()`)),
          and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(mailOutbox.dueAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({
        status: 'sending',
        attempts: sql`${mailOutbox.attempts} + 1`,
        claimedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      })
      .where(
        inArray(
          mailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

type Outcome = 'sent' | 'skipped' | 'retried' | 'failed';

async function deliver(db: Db, row: MailRow, retryBaseMs: number): Promise<Outcome> {
  const finish = (change: Partial<Omit<MailRow, 'nextAttemptAt'>> & { nextAttemptAt?: SQL }) =>
    db
      .update(mailOutbox)
      .set({ claimedUntil: null, ...change })
      .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'sending')));
  try {
    const user = await db.query.users.findFirst({ where: eq(users.id, row.userId) });
    if (!user || !(await stillWanted(db, row))) {
      await finish({ status: 'skipped' });
      return 'skipped';
    }
    const mail = renderMail(row.kind, row.payload, user.name);
    await mailTransport().sendMail({
      from: env.MAIL_FROM,
      to: user.email,
      ...mail,
      headers: { 'X-Outbox-Id': row.id, 'X-Mail-Kind': row.kind },
    });
    // A reset link is a credential: once sent it is no longer kept here.
    await finish({
      status: 'sent',
      sentAt: new Date(),
      lastError: null,
      ...(row.kind === 'password_reset' && { payload: {} }),
    });
    return 'sent';
  } catch (error) {
    const message = describeError(error).slice(0, 500);
    if (row.attempts >= MAX_ATTEMPTS) {
      await finish({ status: 'failed', lastError: message });
      console.error(`mail ${row.kind} ${row.id} given up after ${row.attempts} attempts: ${message}`);
      return 'failed';
    }
    const waitMs = retryBaseMs * 2 ** (row.attempts - 1);
    await finish({
      status: 'pending',
      lastError: message,
      nextAttemptAt: sql`now() + make_interval(secs => ${waitMs / 1000})`,
    });
    return 'retried';
  }
}

/** Sends every mail due by `now` (service clock) until none is left to claim; answers what happened. */
export async function sendDueMail({
  now,
  batch = 100,
  concurrency = 5,
  retryBaseMs = 10_000,
  db: given,
}: SendOptions): Promise<SendReport> {
  const db = given ?? (await getDb());
  const report: SendReport = { sent: 0, skipped: 0, retried: 0, failed: 0 };
  for (;;) {
    const rows = await claimDue(db, now, batch);
    if (rows.length === 0) return report;
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++];
        if (row) report[await deliver(db, row, retryBaseMs)] += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
  }
}

import 'server-only';
import { and, asc, eq, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { mailRecipients } from '@/lib/accounts';
import { type Db, getDb, mailOutbox } from '@/lib/db';
import { describeError } from '@/lib/describe-error';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import type { MailRow } from '@/lib/mail';
import { mailTransport, stillWanted } from '@/lib/mail';
import { renderMail } from './templates';

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
  /** Why the last send failed, in one line naming the mail server (never its password). */
  problem?: string;
}

/** A send's failure as a line a merchant can act on: which server, and what it said or why it was out of reach. */
function sendFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `could not send to the mail server at ${new URL(env.SMTP_URL).host}: ${message}`;
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
type Recipient = { email: string; name: string };

/** Sends one claimed mail; `sent` rows are marked by the caller, together, after the batch. */
async function deliver(
  db: Db,
  row: MailRow,
  recipient: Recipient | undefined,
  retryBaseMs: number,
  report: SendReport,
): Promise<Outcome> {
  const finish = (change: Partial<Omit<MailRow, 'nextAttemptAt'>> & { nextAttemptAt?: SQL }) =>
    db
      .update(mailOutbox)
      .set({ claimedUntil: null, ...change })
      .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'sending')));
  try {
    if (!recipient) {
      await finish({ status: 'skipped' });
      return 'skipped';
    }
    const mail = renderMail(row.kind, row.payload, recipient.name);
    await mailTransport().sendMail({
      from: env.MAIL_FROM,
      to: recipient.email,
      ...mail,
      headers: { 'X-Outbox-Id': row.id, 'X-Mail-Kind': row.kind },
    });
    return 'sent';
  } catch (error) {
    report.problem = sendFailure(error);
    const message = describeError(error).slice(0, 500);
    if (row.attempts >= MAX_ATTEMPTS) {
      await finish({
        status: 'failed',
        lastError: message,
        ...(row.kind === 'account_withdrawn' && { recipient: null }),
      });
      log.error(
        { component: 'mail', mailId: row.id, kind: row.kind, attempts: row.attempts, reason: message },
        'mail given up',
      );
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

/**
 * Who a mail goes to: its own recipient (an email change's new or old address, greeted by no name:
 * that mailbox may be someone else's), else the user's address — never for a withdrawn account, but
 * for the one mail that says the account is gone, sent to the address it had.
 */
function recipientOf(row: MailRow, users: Map<string, Recipient>): Recipient | undefined {
  if (row.kind === 'account_withdrawn' && row.recipient) return { email: row.recipient, name: '' };
  const user = users.get(row.userId);
  if (!user) return undefined;
  return row.recipient ? { email: row.recipient, name: '' } : user;
}

/**
 * One claimed batch: recipients and relevance read with one query each, the mails sent
 * `concurrency` at a time, and the sent ones marked in one update.
 */
async function deliverBatch(
  db: Db,
  rows: MailRow[],
  now: number,
  concurrency: number,
  retryBaseMs: number,
  report: SendReport,
) {
  const userIds = [...new Set(rows.map((row) => row.userId))];
  // A withdrawn customer's address is gone: their mail is skipped.
  const found = await mailRecipients(userIds, db);
  const recipients = new Map(found.map((user) => [user.id, { ...user, name: user.name ?? '' }]));
  const wanted = await stillWanted(db, rows, now);
  const sent: string[] = [];
  let next = 0;
  const lane = async () => {
    while (next < rows.length) {
      const row = rows[next++];
      if (!row) continue;
      const outcome = await deliver(
        db,
        row,
        wanted.has(row.id) ? recipientOf(row, recipients) : undefined,
        retryBaseMs,
        report,
      );
      if (outcome === 'sent') sent.push(row.id);
      report[outcome] += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
  if (sent.length === 0) return;
  await db
    .update(mailOutbox)
    .set({
      status: 'sent',
      sentAt: new Date(),
      claimedUntil: null,
      lastError: null,
      // A reset or email-change link is a credential: once sent it is no longer kept here.
      payload: sql`case when ${mailOutbox.kind} in ('password_reset', 'email_change') then '{}'::jsonb else ${mailOutbox.payload} end`,
      // A withdrawn account's address is kept only until its last mail is sent.
      recipient: sql`case when ${mailOutbox.kind} = 'account_withdrawn' then null else ${mailOutbox.recipient} end`,
    })
    .where(and(inArray(mailOutbox.id, sent), eq(mailOutbox.status, 'sending')));
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
    await deliverBatch(db, rows, now, concurrency, retryBaseMs, report);
  }
}

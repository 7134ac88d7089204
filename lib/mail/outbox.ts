import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { mailOutbox } from '@/lib/db';

export type MailRow = typeof mailOutbox.$inferSelect;
export type MailKind = MailRow['kind'];
export type MailPayload = MailRow['payload'];

/** The database or the transaction of the event that causes the mail. */
type Executor = Pick<Db, 'insert'>;

export interface Mail {
  kind: MailKind;
  subject: string;
  occasion: string | number;
  userId: string;
  /** Sent here instead of the user's address (an email change's new or old address). */
  recipient?: string;
  payload: MailPayload;
  /** Service clock, UNIX seconds: when it may be sent. */
  dueAt: number;
}

/**
 * Writes a mail into the outbox, once per (kind, subject, occasion): a duplicate event (a webhook
 * delivered again, a job retried) finds it there and adds nothing. `replan`: a mail skipped earlier
 * (a reminder while the subscription was cancelled) is planned again with the new due time.
 */
export async function enqueueMail(executor: Executor, mail: Mail, { replan = false } = {}): Promise<void> {
  const row = { ...mail, occasion: String(mail.occasion) };
  const insert = executor.insert(mailOutbox).values(row);
  if (!replan) {
    await insert.onConflictDoNothing({ target: [mailOutbox.kind, mailOutbox.subject, mailOutbox.occasion] });
    return;
  }
  await insert.onConflictDoUpdate({
    target: [mailOutbox.kind, mailOutbox.subject, mailOutbox.occasion],
    set: { status: 'pending', dueAt: row.dueAt, payload: row.payload, attempts: 0, nextAttemptAt: sql`now()` },
    setWhere: sql`${mailOutbox.status} = 'skipped'`,
  });
}

/** Writes each of `mails` once (see enqueueMail). */
export async function enqueueMails(executor: Executor, mails: readonly Mail[]): Promise<void> {
  if (mails.length === 0) return;
  await executor
    .insert(mailOutbox)
    .values(mails.map((mail) => ({ ...mail, occasion: String(mail.occasion) })))
    .onConflictDoNothing({ target: [mailOutbox.kind, mailOutbox.subject, mailOutbox.occasion] });
}

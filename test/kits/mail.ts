// Server tests of mail: a real mail catcher (SMTP on a free loopback port) that the app's mail
// transport sends to, and the outbox read back from the test's database.
import { asc, eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '@/lib/db/connection';
import { mailOutbox } from '@/lib/db/schema';
import type { MailKind } from '@/lib/mail/outbox';
import { createMailTransport } from '@/lib/mail/transport';
import { type SendOptions, sendDueMail } from '@/lib/mailroom/worker';
import { type CaughtMail, type MailCatcher, startMailCatcher } from '@/mail-catcher/catcher';
import { clearOverride, setOverride } from './overrides';

export function setupMailCatcher(): () => MailCatcher {
  let catcher: MailCatcher | undefined;
  let transport: Transporter | undefined;
  beforeAll(async () => {
    catcher = await startMailCatcher();
    transport = createMailTransport(`smtp://127.0.0.1:${catcher.smtpPort}`);
    setOverride('mailTransport', transport);
  });
  afterAll(async () => {
    clearOverride('mailTransport');
    // The pooled connections stay open until their idle timeout; the catcher would wait for them.
    transport?.close();
    await catcher?.close();
  });
  return () => {
    if (!catcher) throw new Error('the mail catcher is not ready yet');
    return catcher;
  };
}

/** Sends what is due by `now` (service clock), retrying after 20 ms instead of seconds. */
export const drainMail = (now: number, options: Partial<SendOptions> = {}) =>
  sendDueMail({ now, retryBaseMs: 20, ...options });

export const outboxRows = (db: Db, kind?: MailKind) =>
  db
    .select()
    .from(mailOutbox)
    .where(kind ? eq(mailOutbox.kind, kind) : undefined)
    .orderBy(asc(mailOutbox.createdAt));

/** Caught mail of one kind (the worker's X-Mail-Kind header is not kept; the subject says it). */
export const caughtTo = (catcher: MailCatcher, email: string): CaughtMail[] =>
  catcher.messages().filter((mail) => mail.to.includes(email.toLowerCase()));

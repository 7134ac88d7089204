// The mail worker against a real SMTP server (the mail catcher) and a real database: each row is
// sent once however many workers claim at once, a refused send is retried until it goes through,
// and mail is not sent before it is due on the service's clock.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectPool } from '@/lib/db/connection';
import { mailOutbox } from '@/lib/db/schema';
import { enqueueMail } from '@/lib/mail/outbox';
import { setupTestDatabase } from '@/test/db';
import { createTestUser } from '@/test/factories';
import { caughtTo, drainMail, outboxRows, setupMailCatcher } from '@/test/kits/mail';

const database = setupTestDatabase();
const catcher = setupMailCatcher();
const NOW = 1_800_000_000;

const refund = (userId: string, subject: string) => ({
  kind: 'refund' as const,
  subject,
  occasion: 'refunded',
  userId,
  payload: { title: '원두 1kg', amount: 12_000, reason: '테스트' },
  dueAt: NOW,
});

describe('mail worker', () => {
  it('an occasion enqueued five times is one row and one mail', async () => {
    const db = database.current().db;
    const user = await createTestUser();
    await Promise.all(Array.from({ length: 5 }, () => enqueueMail(db, refund(user.id, 'imp_dup'))));
    expect(await drainMail(NOW)).toMatchObject({ sent: 1 });
    const mails = caughtTo(catcher(), user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('환불 안내');
    expect(mails[0]?.text).toContain('12,000원');
    expect(mails[0]?.html).toContain('<p>');
    expect(await drainMail(NOW)).toMatchObject({ sent: 0 });
  });

  it('mail due later waits for the service clock to reach it', async () => {
    const db = database.current().db;
    const user = await createTestUser();
    await enqueueMail(db, { ...refund(user.id, 'imp_later'), dueAt: NOW + 3600 });
    await drainMail(NOW + 3599);
    expect(caughtTo(catcher(), user.email)).toHaveLength(0);
    await drainMail(NOW + 3600);
    expect(caughtTo(catcher(), user.email)).toHaveLength(1);
  });

  it('a send the SMTP server refuses is retried with back-off and then succeeds, once', async () => {
    const db = database.current().db;
    const user = await createTestUser();
    await enqueueMail(db, refund(user.id, 'imp_retry'));
    const row = async () => (await outboxRows(db, 'refund')).find((r) => r.subject === 'imp_retry');
    /** The back-off passing, without waiting for it. */
    const backOffPassed = () =>
      db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(mailOutbox.subject, 'imp_retry'));
    catcher().refuseNext(2);
    expect(await drainMail(NOW, { retryBaseMs: 60_000 })).toMatchObject({ sent: 0, retried: 1 });
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await row())?.lastError).toMatch(/451/);
    // Not again before its back-off has passed.
    expect(await drainMail(NOW, { retryBaseMs: 60_000 })).toMatchObject({ sent: 0, retried: 0 });
    await backOffPassed();
    expect(await drainMail(NOW, { retryBaseMs: 60_000 })).toMatchObject({ sent: 0, retried: 1 });
    await backOffPassed();
    expect(await drainMail(NOW, { retryBaseMs: 60_000 })).toMatchObject({ sent: 1, retried: 0 });
    expect(caughtTo(catcher(), user.email)).toHaveLength(1);
    expect(await row()).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('two workers (two app instances, each its own connections) share 300 due mails with no double send', async () => {
    const handle = database.current();
    const user = await createTestUser();
    for (let i = 0; i < 300; i++) await enqueueMail(handle.db, refund(user.id, `imp_share_${i}`));
    // The second worker has its own pool, as another instance would (on the embedded server too:
    // there FOR UPDATE SKIP LOCKED waits for the other's claim instead of skipping, still once each).
    const other = await connectPool(handle.url);
    try {
      const [a, b] = await Promise.all([drainMail(NOW, { batch: 10 }), drainMail(NOW, { batch: 10, db: other.db })]);
      expect(a.sent + b.sent).toBe(300);
      if (handle.engine === 'postgres') expect(Math.min(a.sent, b.sent)).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
    const subjects = caughtTo(catcher(), user.email).map((mail) => mail.subject);
    expect(subjects).toHaveLength(300);
    const rows = (await outboxRows(handle.db, 'refund')).filter((r) => r.subject.startsWith('imp_share_'));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});

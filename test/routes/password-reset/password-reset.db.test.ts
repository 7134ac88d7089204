// 비밀번호 찾기: a single-use, expiring link by mail (the outbox, real SMTP to the mail catcher); the
// answer never says whether the email has an account; requests are rate-limited.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as confirmRoute } from '@/app/api/password-reset/confirm/route';
import { POST as requestRoute } from '@/app/api/password-reset/route';
import { POST as signInRoute } from '@/app/api/session/route';
import { startSession } from '@/lib/accounts/sessions';
import { mailOutbox, passwordResets, sessions } from '@/lib/db/schema';
import { setupTestDatabase } from '@/test/db';
import { createTestUser, pageRequest } from '@/test/factories';
import { caughtTo, drainMail, setupMailCatcher } from '@/test/kits/mail';

const database = setupTestDatabase();
const catcher = setupMailCatcher();
const db = () => database.current().db;

let address = 0;
/** Each test from its own address, so the per-address limit counts only that test's requests. */
const nextAddress = () => `10.0.0.${++address}`;
const post = (handler: typeof requestRoute, path: string, body: unknown, from: string) => {
  const request = pageRequest(path, { method: 'POST', body });
  request.headers.set('x-forwarded-for', from);
  return handler(request, {});
};
const requestReset = (email: string, from = nextAddress()) =>
  post(requestRoute, '/api/password-reset', { email }, from);
const confirm = (body: unknown) => post(confirmRoute, '/api/password-reset/confirm', body, nextAddress());
const signIn = (email: string, password: string) =>
  post(signInRoute, '/api/session', { email, password }, nextAddress());
const linkIn = (text: string) => text.match(/http:\/\/localhost:3000\/reset-password\?token=([\w-]+)/)?.[1];

describe('password reset', () => {
  it('mails a link whose token sets a new password once; sessions end; only the hash is kept', async () => {
    const user = await createTestUser({ password: 'old password 1' });
    await startSession(user.id);
    const response = await requestReset(user.email.toUpperCase());
    expect(response.status).toBe(202);
    await drainMail(0);
    const [mail, ...more] = caughtTo(catcher(), user.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toContain('비밀번호 재설정');
    const token = linkIn(mail?.text ?? '');
    if (!token) throw new Error(`no link in ${mail?.text}`);
    expect(mail?.html).toContain(`reset-password?token=${token}`);

    // The database holds the token's hash only; the sent mail's row no longer holds the link.
    const [stored] = await db().select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(stored?.tokenHash).not.toContain(token);
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.userId, user.id));
    expect(row).toMatchObject({ kind: 'password_reset', status: 'sent', payload: {} });

    expect((await confirm({ token, password: 'new password 2' })).status).toBe(200);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await signIn(user.email, 'old password 1')).status).toBe(401);
    expect((await signIn(user.email, 'new password 2')).status).toBe(200);

    const again = await confirm({ token, password: 'third password 3' });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('invalid_reset_link');
    expect((await signIn(user.email, 'new password 2')).status).toBe(200);
  });

  it('an unknown email gets the same answer, and nothing is stored or sent', async () => {
    const known = await createTestUser();
    const [a, b] = await Promise.all([requestReset(known.email), requestReset('nobody-here@example.com')]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(await b.json()).toEqual(await a.json());
    await drainMail(0);
    expect(caughtTo(catcher(), 'nobody-here@example.com')).toHaveLength(0);
    expect(caughtTo(catcher(), known.email)).toHaveLength(1);
  });

  it('an expired link, a forged token and a bad body are refused and change nothing', async () => {
    const user = await createTestUser({ password: 'keep this one 1' });
    await requestReset(user.email);
    await drainMail(0);
    const token = linkIn(caughtTo(catcher(), user.email)[0]?.text ?? '');
    await db()
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    expect((await confirm({ token, password: 'new password 22' })).status).toBe(400);
    expect((await confirm({ token: 'A'.repeat(43), password: 'new password 22' })).status).toBe(400);
    expect((await confirm({ token, password: 'short' })).status).toBe(400);
    expect((await confirm({ token, password: 'new password 22', extra: 1 })).status).toBe(400);
    expect((await requestReset('not an email')).status).toBe(400);
    expect((await signIn(user.email, 'keep this one 1')).status).toBe(200);
  });

  it('is rate-limited per email (known or not) and per address, with Retry-After', async () => {
    const user = await createTestUser();
    for (let i = 0; i < 3; i++) expect((await requestReset(user.email)).status).toBe(202);
    const limited = await requestReset(user.email);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) expect((await requestReset('ghost@example.com')).status).toBe(202);
    expect((await requestReset('ghost@example.com')).status).toBe(429);

    const from = nextAddress();
    for (let i = 0; i < 10; i++) expect((await requestReset(`a${i}@example.com`, from)).status).toBe(202);
    expect((await requestReset('a10@example.com', from)).status).toBe(429);
  });
});

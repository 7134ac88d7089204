// Issue 23.6: an email change takes effect only when a link mailed to the new address is opened
// (single use, it expires); the old address is told; the answer never says whether the new address
// is taken — the mail to that address says so instead. Mail read from a real catcher over SMTP.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as confirmRoute } from '@/app/api/account/email/confirm/route';
import { PUT as emailRoute } from '@/app/api/account/email/route';
import { POST as signInRoute } from '@/app/api/session/route';
import { emailChanges } from '@/lib/db/schema';
import { setupAppTest } from '@/test/app-harness';
import { createTestUser, pageRequest } from '@/test/factories';
import { Customer } from '@/test/kits/cards';
import { caughtTo, drainMail, setupMailCatcher } from '@/test/kits/mail';

const app = setupAppTest();
const catcher = setupMailCatcher();
const PASSWORD = 'correct horse battery';

const request = (customer: Customer, body: unknown) =>
  emailRoute(pageRequest('/api/account/email', { method: 'PUT', body, cookie: customer.cookie }), {});
const confirm = (token: string) =>
  confirmRoute(pageRequest('/api/account/email/confirm', { method: 'POST', body: { token } }), {});
const signIn = async (email: string) =>
  (await signInRoute(pageRequest('/api/session', { method: 'POST', body: { email, password: PASSWORD } }), {})).status;
const fresh = () => `new-${crypto.randomUUID().slice(0, 8)}@example.com`;
const mailTo = async (email: string) => {
  await drainMail(await app.emulator().now());
  return caughtTo(catcher(), email);
};
const linkIn = (text: string) => /\/email-change\?token=([\w-]+)/.exec(text)?.[1] ?? '';

describe('email change with verification', () => {
  it('takes effect when the link mailed to the new address is opened, once; the old address is told', async () => {
    const customer = await Customer.signUp();
    const next = fresh();
    const asked = await request(customer, { currentPassword: PASSWORD, email: next.toUpperCase() });
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual({ pending: { email: next, expiresAt: expect.any(String) } });
    // Nothing changed yet.
    expect(await signIn(customer.user.email)).toBe(200);
    expect(await signIn(next)).toBe(401);

    const [verification, ...more] = await mailTo(next);
    expect(more).toEqual([]);
    expect(verification?.subject).toContain('이메일 변경 확인');
    expect(verification?.text).not.toContain(customer.user.name ?? '홍길동');
    const token = linkIn(verification?.text ?? '');
    expect(token).toHaveLength(43);

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ email: next });
    expect(await signIn(next)).toBe(200);
    expect(await signIn(customer.user.email)).toBe(401);
    const [told] = await mailTo(customer.user.email);
    expect(told?.subject).toContain('이메일이 변경되었습니다');

    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect((await again.json()).error.code).toBe('invalid_email_link');
  });

  it('never says whether the new address is taken: the same answer, and the mail to that address says so', async () => {
    const holder = await createTestUser({ password: PASSWORD });
    const customer = await Customer.signUp();
    const taken = await request(customer, { currentPassword: PASSWORD, email: holder.email });
    const free = await request(customer, { currentPassword: PASSWORD, email: fresh() });
    expect(taken.status).toBe(free.status);
    expect(Object.keys((await taken.json()).pending)).toEqual(Object.keys((await free.json()).pending));
    const [notice] = await mailTo(holder.email);
    expect(notice?.subject).toContain('이미 가입된 이메일');
    expect(linkIn(notice?.text ?? '')).toBe('');
    expect(await signIn(holder.email)).toBe(200);
  });

  it('an expired link changes nothing; a newer request voids the older link', async () => {
    const customer = await Customer.signUp();
    const first = fresh();
    await request(customer, { currentPassword: PASSWORD, email: first });
    const firstToken = linkIn((await mailTo(first))[0]?.text ?? '');
    const second = fresh();
    await request(customer, { currentPassword: PASSWORD, email: second });
    expect((await confirm(firstToken)).status).toBe(400);
    const secondToken = linkIn((await mailTo(second))[0]?.text ?? '');
    await app
      .db()
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.userId, customer.user.id));
    expect((await confirm(secondToken)).status).toBe(400);
    expect(await signIn(customer.user.email)).toBe(200);
  });

  it('refuses a wrong password, the same address, a malformed one and no session', async () => {
    const customer = await Customer.signUp();
    expect((await request(customer, { currentPassword: 'wrong password', email: fresh() })).status).toBe(403);
    expect((await request(customer, { currentPassword: PASSWORD, email: customer.user.email })).status).toBe(400);
    expect((await request(customer, { currentPassword: PASSWORD, email: 'not an email' })).status).toBe(400);
    const anonymous = await emailRoute(
      pageRequest('/api/account/email', { method: 'PUT', body: { currentPassword: PASSWORD, email: fresh() } }),
      {},
    );
    expect(anonymous.status).toBe(401);
  });
});

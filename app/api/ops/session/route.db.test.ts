// Operators' sign-in: their own cookie (never the customers'), a one-time password that must be
// changed before anything else, one answer for a wrong password and an unknown email, rate limits.
import { describe, expect, it } from 'vitest';
import { addOperator } from '@/lib/ops/operators';
import { setupTestDatabase } from '@/test/db';
import { cookieFrom } from '@/test/factories';
import { Customer } from '@/test/kits/cards';
import { auditOf, callOps } from '@/test/kits/ops';
import { POST as changePassword } from '../password/route';
import { GET as search } from '../payments/route';
import { DELETE, GET, POST } from './route';

setupTestDatabase();

const signIn = (email: string, password: string) =>
  callOps(POST, '/api/ops/session', { method: 'POST', body: { email, password } });

describe('/api/ops/session', () => {
  it('a password change ends every other session of the operator: a second browser on the one-time password is signed out', async () => {
    const email = `two-${crypto.randomUUID().slice(0, 6)}@shop.example`;
    const { password } = await addOperator(email, 'refunder');
    const first = await signIn(email, password);
    const second = await signIn(email, password);
    const firstCookie = cookieFrom(first, 'imp_ops_session');
    const secondCookie = cookieFrom(second, 'imp_ops_session');
    expect((await callOps(search, '/api/ops/payments', { cookie: secondCookie })).status).toBe(403);
    const changed = await callOps(changePassword, '/api/ops/password', {
      method: 'POST',
      cookie: firstCookie,
      body: { current: password, next: 'a much longer password' },
    });
    expect(changed.status).toBe(200);
    // The browser that changed it stays signed in; the other one is signed out.
    expect((await callOps(search, '/api/ops/payments', { cookie: firstCookie })).status).toBe(200);
    const other = await callOps(search, '/api/ops/payments', { cookie: secondCookie });
    expect(other.status).toBe(401);
    expect((await (await callOps(GET, '/api/ops/session', { cookie: secondCookie })).json()).operator).toBeNull();
  });

  it('signs in with the one-time password, must change it first, then works; signs out', async () => {
    const { operator, password } = await addOperator('Lee@Shop.example', 'viewer');
    const response = await signIn('lee@shop.example', password);
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(
      /^imp_ops_session=.+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200/,
    );
    expect((await response.json()).operator).toEqual({
      id: operator.id,
      email: 'lee@shop.example',
      role: 'viewer',
      mustChangePassword: true,
    });
    const cookie = cookieFrom(response, 'imp_ops_session');

    const blocked = await callOps(search, '/api/ops/payments', { cookie });
    expect(blocked.status).toBe(403);
    expect((await blocked.json()).error.code).toBe('password_change_required');

    const tooShort = await callOps(changePassword, '/api/ops/password', {
      method: 'POST',
      cookie,
      body: { current: password, next: 'short' },
    });
    expect(tooShort.status).toBe(400);
    const wrong = await callOps(changePassword, '/api/ops/password', {
      method: 'POST',
      cookie,
      body: { current: 'not-the-password', next: 'a much longer password' },
    });
    expect(wrong.status).toBe(400);
    const changed = await callOps(changePassword, '/api/ops/password', {
      method: 'POST',
      cookie,
      body: { current: password, next: 'a much longer password' },
    });
    expect(changed.status).toBe(200);
    expect((await changed.json()).operator.mustChangePassword).toBe(false);
    expect((await auditOf(operator.id)).map((row) => row.action)).toEqual(['operator.password']);

    expect((await callOps(search, '/api/ops/payments', { cookie })).status).toBe(200);
    // The one-time password is gone; the new one signs in.
    expect((await signIn('lee@shop.example', password)).status).toBe(401);
    expect((await signIn('lee@shop.example', 'a much longer password')).status).toBe(200);

    const out = await callOps(DELETE, '/api/ops/session', { method: 'DELETE', cookie });
    expect(out.headers.get('set-cookie')).toMatch(/imp_ops_session=; .*Max-Age=0/);
    expect((await (await callOps(GET, '/api/ops/session', { cookie })).json()).operator).toBeNull();
    expect((await callOps(search, '/api/ops/payments', { cookie })).status).toBe(401);
  });

  it('one answer for a wrong password and an unknown email, and no cookie', async () => {
    await addOperator('park@shop.example', 'admin');
    for (const response of [
      await signIn('park@shop.example', 'wrong password'),
      await signIn('nobody@shop.example', 'whatever1'),
    ]) {
      expect(response.status).toBe(401);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect((await response.json()).error.code).toBe('invalid_credentials');
    }
  });

  it('a customer cannot sign in here, and a customer cookie is nobody here', async () => {
    const customer = await Customer.signUp();
    expect((await signIn(customer.user.email, 'correct horse battery')).status).toBe(401);
    expect((await (await callOps(GET, '/api/ops/session', { cookie: customer.cookie })).json()).operator).toBeNull();
    // The customer's token under the console's cookie name: signed with another key, refused.
    const forged = customer.cookie.replace('imp_session=', 'imp_ops_session=');
    expect((await callOps(search, '/api/ops/payments', { cookie: forged })).status).toBe(401);
  });

  it('limits guessing: the 6th attempt on one account within 15 minutes is 429', async () => {
    const { password } = await addOperator('choi@shop.example', 'viewer');
    for (let i = 0; i < 5; i++) expect((await signIn('choi@shop.example', 'wrong password')).status).toBe(401);
    const limited = await signIn('choi@shop.example', password);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('refuses sign-in from another origin', async () => {
    const response = await POST(
      new Request('http://localhost:3000/api/ops/session', {
        method: 'POST',
        headers: { origin: 'https://evil.example', host: 'localhost:3000', 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'x@shop.example', password: 'whatever1' }),
      }),
      {},
    );
    expect(response.status).toBe(403);
  });
});

import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/test/db';
import { cookieFrom, createTestUser, pageRequest } from '@/test/factories';
import { DELETE, GET, POST } from './route';

setupTestDatabase();
const ctx = {};

async function signIn(email: string, password: string) {
  return POST(pageRequest('/api/session', { method: 'POST', body: { email, password } }), ctx);
}

describe('/api/session', () => {
  it('signs in, reads the session back, and signs out', async () => {
    await createTestUser({ email: 'park@example.com', password: 'long enough pw' });
    const response = await signIn('Park@example.com', 'long enough pw');
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(
      /imp_session=.+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000/,
    );
    const cookie = cookieFrom(response, 'imp_session');

    const me = await GET(pageRequest('/api/session', { cookie }), ctx);
    expect((await me.json()).account).toMatchObject({ email: 'park@example.com', name: '홍길동' });

    const out = await DELETE(pageRequest('/api/session', { method: 'DELETE', cookie }), ctx);
    expect(out.headers.get('set-cookie')).toMatch(/imp_session=; .*Max-Age=0/);
    // The server forgot the session: the old cookie no longer signs anyone in.
    expect((await (await GET(pageRequest('/api/session', { cookie }), ctx)).json()).account).toBeNull();
  });

  it('gives one message for a wrong password and an unknown email', async () => {
    await createTestUser({ email: 'choi@example.com', password: 'right password' });
    for (const response of [
      await signIn('choi@example.com', 'wrong password'),
      await signIn('no@example.com', 'whatever1'),
    ]) {
      expect(response.status).toBe(401);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(await response.json()).toEqual({
        error: {
          code: 'invalid_credentials',
          message: '이메일 또는 비밀번호가 올바르지 않습니다.',
          requestId: expect.stringMatching(/^[\w-]{36}$/),
        },
      });
    }
  });

  it('answers bad bodies with 400 naming the fields', async () => {
    const response = await POST(
      pageRequest('/api/session', { method: 'POST', body: { email: 'nope', password: 'x' } }),
      ctx,
    );
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(Object.keys(error.fields).sort()).toEqual(['email', 'password']);
    const empty = await POST(
      pageRequest('/api/session', { method: 'POST', body: { email: 'park@example.com', password: '' } }),
      ctx,
    );
    expect((await empty.json()).error.fields).toEqual({ password: '비밀번호를 입력해 주세요.' });
    const notJson = await POST(pageRequest('/api/session', { method: 'POST', body: '{oops' }), ctx);
    expect(notJson.status).toBe(400);
  });

  it('refuses sign-in from another origin or without one', async () => {
    await createTestUser({ email: 'jung@example.com', password: 'right password' });
    const body = { email: 'jung@example.com', password: 'right password' };
    for (const origin of ['https://evil.example', null]) {
      const response = await POST(pageRequest('/api/session', { method: 'POST', body, origin }), ctx);
      expect(response.status).toBe(403);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });

  it('refuses sign-out from another origin or without one, and the session stays', async () => {
    await createTestUser({ email: 'kang@example.com', password: 'right password' });
    const cookie = cookieFrom(await signIn('kang@example.com', 'right password'), 'imp_session');
    for (const origin of ['http://evil.example', null]) {
      const response = await DELETE(pageRequest('/api/session', { method: 'DELETE', cookie, origin }), ctx);
      expect(response.status).toBe(403);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    const me = await GET(pageRequest('/api/session', { cookie }), ctx);
    expect((await me.json()).account).toMatchObject({ email: 'kang@example.com' });
  });

  it('ignores a forged cookie', async () => {
    const me = await GET(pageRequest('/api/session', { cookie: 'imp_session=forged.value' }), ctx);
    expect((await me.json()).account).toBeNull();
  });
});

// Fault injection over real HTTP: each action, counts, path prefixes, and the control API's immunity.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '@/test/emulator/kit';

describe('fault injection', () => {
  let emulator: TestEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator({ clock: { frozen: true } });
  });
  afterAll(() => emulator.close());
  beforeEach(() => emulator.clearFaults());

  const getToken = () =>
    fetch(`${emulator.url}/users/getToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ imp_key: 'test_key', imp_secret: 'test_secret' }),
      signal: AbortSignal.timeout(2000),
    });

  it('500 and 503 answer the envelope for the next `count` matching requests, then it heals', async () => {
    await emulator.injectFault({ method: 'POST', path: '/users/getToken', action: '503', count: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await getToken()).status);
    expect(statuses).toEqual([503, 503, 200]);
    await emulator.injectFault({ path: '/users/getToken', action: '500' });
    const failed = await getToken();
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ code: -1, message: 'Internal Server Error', response: null });
  });

  it('drop closes the connection without an answer', async () => {
    await emulator.injectFault({ method: 'POST', path: '/users/getToken', action: 'drop' });
    await expect(getToken()).rejects.toThrow();
    expect((await getToken()).status).toBe(200);
  });

  it('hang answers nothing until the client gives up', async () => {
    await emulator.injectFault({ path: '/users/getToken', action: 'hang' });
    const started = Date.now();
    const error = await fetch(`${emulator.url}/users/getToken`, {
      method: 'POST',
      signal: AbortSignal.timeout(150),
    }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('TimeoutError');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect((await getToken()).status).toBe(200);
  });

  it('delay answers normally after delay_ms', async () => {
    await emulator.injectFault({ path: '/users/getToken', action: 'delay', delay_ms: 120 });
    const started = Date.now();
    expect((await getToken()).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
  });

  it('after: the request is processed, then its answer is lost (a 503, or the connection dropped)', async () => {
    const token = (await emulator.getToken()).access_token;
    const prepare = (merchantUid: string) =>
      fetch(`${emulator.url}/payments/prepare`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({ merchant_uid: merchantUid, amount: 1000 }),
      });
    const prepared = async (merchantUid: string) =>
      (await fetch(`${emulator.url}/payments/prepare/${merchantUid}`, { headers: { authorization: token } })).status;
    await emulator.injectFault({ method: 'POST', path: '/payments/prepare', action: '503', after: true });
    expect((await prepare('after-503')).status).toBe(503);
    expect(await prepared('after-503')).toBe(200);
    await emulator.injectFault({ method: 'POST', path: '/payments/prepare', action: 'drop', after: true });
    await expect(prepare('after-drop')).rejects.toThrow();
    expect(await prepared('after-drop')).toBe(200);
    await expect(emulator.injectFault({ path: '/x', action: 'delay', after: true })).rejects.toThrow(/^after: /);
  });

  it('a path ending in * matches by prefix; the method must match unless it is *', async () => {
    await emulator.injectFault({ method: 'GET', path: '/payments/*', action: '500', count: 5 });
    const token = (await emulator.getToken()).access_token;
    const get = await fetch(`${emulator.url}/payments/imp_000000000000`, { headers: { authorization: token } });
    expect(get.status).toBe(500);
    const post = await fetch(`${emulator.url}/payments/cancel`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: '{"imp_uid":"imp_000000000000"}',
    });
    expect(post.status).toBe(200);
    expect(await emulator.injectFault({ path: '/subscribe/*', action: '503' })).toMatchObject({
      method: '*',
      remaining: 1,
    });
  });

  it('never applies to the control API, and refuses to be aimed at it', async () => {
    await emulator.injectFault({ path: '/*', action: '500', count: 10 });
    expect(await emulator.now()).toBeGreaterThan(0);
    await expect(emulator.injectFault({ path: '/__emulator/api/clock', action: '500' })).rejects.toThrow(/^path: /);
    await expect(emulator.injectFault({ path: '/x', action: 'explode' as 'drop' })).rejects.toThrow(/^action: /);
  });
});

// Hostile input: no request ends the process, no body reaches Object.prototype, every body and
// every collection a request can grow is bounded.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardFields, startTestEmulator, type TestEmulator } from '@/test/emulator/kit';
import { LIMITS } from './core/wire/fields';
import { BODY_LIMIT } from './http/body';

/** One raw HTTP/1.1 exchange: what the server wrote back before closing. */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();

describe('hardening', () => {
  let emulator: TestEmulator;
  let token: string;
  const cleanPrototype = prototypeKeys();
  beforeAll(async () => {
    emulator = await startTestEmulator({ clock: { frozen: true } });
    token = (await emulator.getToken()).access_token;
  });
  afterAll(() => emulator.close());

  it('answers a malformed request target with a 4xx (an unparseable one 400) and keeps serving', async () => {
    for (const [target, status] of [
      ['//[', '404'],
      ['//[::1', '404'],
      ['http://[/x', '400'],
      ['*', '400'],
    ]) {
      const answer = await raw(emulator.port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(answer, target).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    }
    // Names of Object.prototype are no file and no carrier (found by the fuzzer).
    for (const name of ['__proto__', 'constructor', 'toString']) {
      expect((await fetch(`${emulator.url}/__emulator/assets/${name}`)).status).toBe(404);
    }
    const window = await fetch(`${emulator.url}/__emulator/windows`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'certification', merchant_code: 'imp00000000', params: { carrier: 'constructor' } }),
    });
    expect(await window.json()).toMatchObject({ ok: false, rsp: { error_code: 'INVALID_PARAM' } });
    const garbage = await raw(emulator.port, 'NOT-HTTP \x00\x01\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect((await fetch(`${emulator.url}/__emulator/api/health`)).status).toBe(200);
  });

  describe('prototype pollution', () => {
    const attacker = 'http://attacker.example/hook';
    const forms = [
      `__proto__[notice_url]=${attacker}`,
      '__proto__[imp_key]=test_key&__proto__[imp_secret]=test_secret',
      'constructor[prototype][callback_url]=x',
      'schedules[0][__proto__][amount]=1',
      'prototype=1',
    ];
    const jsons = [
      `{"__proto__":{"notice_url":"${attacker}"}}`,
      '{"constructor":{"prototype":{"imp_key":"test_key"}}}',
      '{"schedules":[{"__proto__":{"amount":1}}]}',
    ];
    const sample = (pattern: string) => pattern.replace(/:[a-z_]+/g, 'x');

    it('every route refuses the names __proto__, constructor and prototype, and Object.prototype stays clean', async () => {
      expect(emulator.routes.length).toBeGreaterThan(40);
      for (const route of emulator.routes) {
        const [method = 'GET', pattern = '/'] = route.split(' ');
        if (method === 'GET' || method === 'OPTIONS') continue;
        for (const [type, body] of [
          ...forms.map((b) => ['application/x-www-form-urlencoded', b] as const),
          ...jsons.map((b) => ['application/json', b] as const),
        ]) {
          const res = await fetch(`${emulator.url}${sample(pattern)}`, {
            method,
            headers: { 'content-type': type, authorization: token },
            body,
          });
          const text = await res.text();
          if (route === 'POST /__emulator/windows') {
            expect(JSON.parse(text), `${route} ${body}`).toMatchObject({
              ok: false,
              rsp: { error_code: 'INVALID_PARAM' },
            });
          } else if (route === 'POST /v2/windows') {
            // The V2 script's window request answers as the SDK resolves: a failure, no window.
            expect(JSON.parse(text), `${route} ${body}`).toMatchObject({ ok: false, rsp: { code: 'PORTONE_ERROR' } });
          } else {
            expect(res.status, `${route} ${body}`).toBe(400);
          }
          expect(prototypeKeys()).toEqual(cleanPrototype);
        }
      }
    });

    it('an anonymous form post cannot redirect notices or mint a token', async () => {
      await fetch(`${emulator.url}/__emulator/windows`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: forms.join('&'),
      });
      const empty = await fetch(`${emulator.url}/users/getToken`, { method: 'POST' });
      expect(empty.status).toBe(401);
      const { payment } = await emulator.completeWindowPayment({ merchant_uid: 'pp-1', amount: 100, ...cardFields() });
      const [delivery] = await emulator.webhooks({ imp_uid: payment?.imp_uid });
      expect(delivery?.target).not.toBe(attacker);
    });
  });

  describe('limits', () => {
    it(`refuses a body over ${BODY_LIMIT / 1024 / 1024} MiB with 413, announced or not`, async () => {
      const big = JSON.stringify({ imp_key: 'x'.repeat(BODY_LIMIT) });
      for (const path of ['/users/getToken', '/__emulator/api/merchants']) {
        const res = await fetch(`${emulator.url}${path}`, { method: 'POST', body: big });
        expect(res.status, path).toBe(413);
        expect(res.headers.get('connection')).toBe('close');
      }
      const chunked = new ReadableStream({
        start(controller) {
          for (let i = 0; i < 20; i++) controller.enqueue(new Uint8Array(128 * 1024).fill(32));
          controller.close();
        },
      });
      const streamed = await fetch(`${emulator.url}/users/getToken`, {
        method: 'POST',
        body: chunked,
        duplex: 'half',
      } as RequestInit);
      expect(streamed.status).toBe(413);
    });

    it('bounds schedules per request, notice URLs, custom_data and nesting', async () => {
      const now = await emulator.now();
      const item = (i: number) => ({ merchant_uid: `b-${i}`, schedule_at: now + 60, amount: 1, name: 'x' });
      const rest = (path: string, body: unknown) => emulator.rest(path.startsWith('/') ? 'POST' : 'GET', path, body);
      const cases: [string, unknown, RegExp][] = [
        [
          '/subscribe/payments/schedule',
          {
            customer_uid: 'c',
            ...cardFields(),
            schedules: Array.from({ length: LIMITS.listItems + 1 }, (_, i) => item(i)),
          },
          /^schedules: /,
        ],
        [
          '/subscribe/payments/onetime',
          {
            merchant_uid: 'n',
            amount: 1,
            ...cardFields(),
            notice_url: Array(LIMITS.urls + 1).fill('http://a.example'),
          },
          /^notice_url: /,
        ],
        [
          '/subscribe/payments/onetime',
          { merchant_uid: 'n', amount: 1, ...cardFields(), custom_data: 'x'.repeat(LIMITS.customData + 1) },
          /^custom_data: /,
        ],
        ['/subscribe/payments/onetime', { merchant_uid: 'n', deep: [[[[[[[[[[1]]]]]]]]]] }, /^body: /],
      ];
      for (const [path, body, message] of cases) {
        const answer = await rest(path, body);
        expect(answer.status, path).toBe(400);
        expect(answer.body.message).toMatch(message);
      }
      expect((await emulator.state()).schedules).toBe(0);
    });

    it('bounds faults, merchants and clock advances of the control API', async () => {
      for (let i = 0; i < 100; i++) await emulator.injectFault({ path: `/nothing/${i}`, action: '500' });
      await expect(emulator.injectFault({ path: '/one-more', action: '500' })).rejects.toThrow(/최대 100개/);
      await emulator.clearFaults();
      await expect(emulator.advanceClock(10 ** 12)).rejects.toThrow(/^seconds: /);
    });
  });
});

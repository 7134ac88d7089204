import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentRecord } from '@/test/doubles/iamport-service';
import {
  IamportApiError,
  IamportChargeUnknownError,
  IamportConnectionError,
  IamportInvalidResponseError,
  IamportTimeoutError,
} from './errors';
import { createIamportClient } from './service-client';

// Transport failures over real sockets: a small HTTP server that issues tokens and then answers
// every other request as the test says — hang, drop the connection, 500, or a malformed body.
// (The emulator's own fault injection is exercised in test/iamport/faults.test.ts.)

type Mode = 'ok' | 'hang' | 'drop' | '500' | 'not-json' | 'bad-field';
let mode: Mode = 'ok';
const hits = new Map<string, number>();
let server: Server;
let baseUrl: string;

const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  server = createServer((req, res) => {
    const key = `${req.method} ${req.url}`;
    hits.set(key, (hits.get(key) ?? 0) + 1);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    req.resume();
    if (req.url === '/users/getToken') {
      send(200, { code: 0, message: null, response: { access_token: 't', now: now(), expired_at: now() + 1800 } });
      return;
    }
    if (mode === 'hang') return;
    if (mode === 'drop') return void req.socket.destroy();
    if (mode === '500') return send(500, 'Internal Server Error');
    if (mode === 'not-json') return send(200, '<html>maintenance</html>');
    const record = mode === 'bad-field' ? paymentRecord({ paid_at: 'yesterday' }) : paymentRecord();
    send(200, { code: 0, message: null, response: record });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  mode = 'ok';
  hits.clear();
});

const client = () =>
  // 1 s: a loaded machine can stall this process's event loop (the test server's too) for longer than
  // a few hundred ms, which would time out the token request instead of the one meant to hang.
  createIamportClient({ baseUrl, key: 'k', secret: 's', timeoutMs: 1000, retryDelayMs: 1, maxRetries: 2 });
const again = { customer_uid: 'c1', merchant_uid: 'order-1', amount: 1000, name: 'plan' };
const read = (c = client()) => c.payments.get({ imp_uid: 'imp_000000000001' });

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe('request core', () => {
  it('retries a read that hangs, then reports a timeout', async () => {
    mode = 'hang';
    const error = await failure(read());
    expect(error).toBeInstanceOf(IamportTimeoutError);
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(hits.get('GET /payments/imp_000000000001')).toBe(3);
  });

  it('never re-sends a charge that hangs: one attempt, outcome unknown', async () => {
    mode = 'hang';
    const error = await failure(client().charges.again(again));
    expect(error).toBeInstanceOf(IamportChargeUnknownError);
    expect(error).toMatchObject({ merchant_uid: 'order-1' });
    expect((error as Error).cause).toBeInstanceOf(IamportTimeoutError);
    expect(hits.get('POST /subscribe/payments/again')).toBe(1);
  });

  it('treats a dropped connection as "may have been processed": reads retried, charges not', async () => {
    mode = 'drop';
    const readError = await failure(read());
    expect(readError).toMatchObject({ name: 'IamportTimeoutError', kind: 'connection-lost' });
    expect(hits.get('GET /payments/imp_000000000001')).toBe(3);
    const chargeError = await failure(client().charges.again(again));
    expect(chargeError).toBeInstanceOf(IamportChargeUnknownError);
    expect(hits.get('POST /subscribe/payments/again')).toBe(1);
  });

  it('retries a read on 500 and reports the status; a charge answered 500 is not re-sent', async () => {
    mode = '500';
    const readError = await failure(read());
    expect(readError).toBeInstanceOf(IamportApiError);
    expect(readError).toMatchObject({ httpStatus: 500, code: null });
    expect(hits.get('GET /payments/imp_000000000001')).toBe(3);
    const chargeError = await failure(client().charges.again(again));
    expect(chargeError).toBeInstanceOf(IamportChargeUnknownError);
    expect(hits.get('POST /subscribe/payments/again')).toBe(1);
  });

  it('re-sends even a charge when the connection was refused, since it never left', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = String((closed.address() as AddressInfo).port);
    await new Promise((resolve) => closed.close(resolve));
    let chargeAttempts = 0;
    // A wrapper around the real fetch: tokens come from the test server, the charge goes to a port
    // nobody listens on, and the attempts are counted.
    const refused = createIamportClient({
      baseUrl,
      key: 'k',
      secret: 's',
      retryDelayMs: 1,
      fetch: (input, init) => {
        const url = new URL(String(input));
        if (url.pathname !== '/users/getToken') {
          chargeAttempts += 1;
          url.port = closedPort;
        }
        return fetch(url, init);
      },
    });
    const error = await failure(refused.charges.again(again));
    expect(error).toBeInstanceOf(IamportConnectionError);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
    expect(chargeAttempts).toBe(3);
  });

  it('names the request and the field of a response that does not fit', async () => {
    mode = 'bad-field';
    const error = await failure(read());
    expect(error).toBeInstanceOf(IamportInvalidResponseError);
    expect(error).toMatchObject({ request: 'GET /payments/imp_000000000001', field: 'response.paid_at' });
    mode = 'not-json';
    expect(await failure(read())).toMatchObject({ name: 'IamportInvalidResponseError', field: 'body' });
  });

  it('takes a per-call timeout over the default', async () => {
    mode = 'hang';
    const started = Date.now();
    const c = createIamportClient({ baseUrl, key: 'k', secret: 's', timeoutMs: 60_000, maxRetries: 0 });
    const error = await failure(c.payments.get({ imp_uid: 'imp_1', timeoutMs: 100 }));
    expect(error).toBeInstanceOf(IamportTimeoutError);
    expect((error as Error).message).toMatch(/no answer within 100 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

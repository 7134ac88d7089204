// The V2 conformance suite's harness: an emulator per test file (frozen virtual clock, in memory)
// and a client of its V2 listener whose every answer is checked against the OpenAPI file's
// schema for that operation and status. A body that does not fit fails the test.
import { afterAll, beforeAll, expect } from 'vitest';
import { defaultMerchant, type Merchant } from '@/emulator/merchants';
import { type RunningEmulator, startEmulator } from '@/emulator/server';
import { NOWHERE_URL } from '../kit';
import { answerErrors } from './openapi-v2-schema';

/** 2026-01-15 12:00 KST: the frozen start of every suite. */
export const START = Date.UTC(2026, 0, 15, 3, 0, 0) / 1000;
export const SECRET = 'test_v2_api_secret';
export const STORE_ID = 'store-00000000-0000-4000-8000-000000000000';
export const CARD_CHANNEL = 'channel-key-00000000-0000-4000-8000-0000000000c1';
export const WALLET_CHANNEL = 'channel-key-00000000-0000-4000-8000-0000000000e1';
export const IDENTITY_CHANNEL = 'channel-key-00000000-0000-4000-8000-0000000000d1';

export interface V2Answer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

export interface V2CallOptions {
  /** Path parameters, e.g. `{ paymentId: 'p-1' }`. */
  params?: Record<string, string>;
  /** Plain query parameters (the operations the server SDK sends so). */
  query?: Record<string, string>;
  /** The JSON body; for a GET it travels as the `requestBody` query parameter, as the server SDK sends it. */
  body?: Record<string, unknown>;
  /** The Authorization header; default `PortOne <secret>`; null sends none. */
  authorization?: string | null;
  headers?: Record<string, string>;
}

export class V2Client {
  constructor(
    readonly url: string,
    private readonly secret = SECRET,
  ) {}

  /** A V2 call by its OpenAPI path pattern; the answer must fit the file's schema for its status. */
  async call<T = Record<string, unknown>>(
    method: string,
    pattern: string,
    options: V2CallOptions = {},
  ): Promise<V2Answer<T>> {
    const path = pattern.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(options.params?.[name] ?? ''));
    const search = new URLSearchParams(options.query);
    if (method === 'GET' && options.body) search.set('requestBody', JSON.stringify(options.body));
    const query = search.size > 0 ? `?${search}` : '';
    const authorization = options.authorization === undefined ? `PortOne ${this.secret}` : options.authorization;
    const response = await fetch(`${this.url}${path}${query}`, {
      method,
      headers: {
        ...(authorization === null ? {} : { authorization }),
        ...(method !== 'GET' && options.body ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(method !== 'GET' && options.body ? { body: JSON.stringify(options.body) } : {}),
    });
    const body = (await response.json()) as T;
    // The Idempotency-Key refusals are the service's documented behaviour (its API page and the
    // IETF draft it cites: 409 while the first runs, 422 for another request) but not in the file.
    const idempotency = (body as { type?: string }).type?.startsWith('IDEMPOTENCY_');
    const errors = idempotency
      ? answerErrors(method, pattern, 400, { ...body, type: 'INVALID_REQUEST' })
      : answerErrors(method, pattern, response.status, body);
    expect(errors, `${method} ${path} → ${response.status}`).toEqual([]);
    return { status: response.status, headers: response.headers, body };
  }

  /** A call that must succeed (HTTP 200). */
  async ok<T = Record<string, unknown>>(method: string, pattern: string, options: V2CallOptions = {}): Promise<T> {
    const answer = await this.call<T>(method, pattern, options);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  }

  /** A call that must fail with this status and error type. */
  async fails(method: string, pattern: string, status: number, type: string, options: V2CallOptions = {}) {
    const answer = await this.call<{ type: string; message?: string }>(method, pattern, options);
    expect({ status: answer.status, type: answer.body.type }).toEqual({ status, type });
    return answer.body;
  }
}

export interface V2Suite {
  emulator: RunningEmulator;
  api: V2Client;
  /** Moves the default merchant's clock forward, running what falls due. */
  advance(seconds: number): Promise<number>;
}

/** An emulator for the file's tests (frozen at START unless `clock` says otherwise). */
export function useV2Emulator(options: { merchants?: Merchant[]; frozen?: boolean } = {}): V2Suite {
  const suite = {} as V2Suite;
  beforeAll(async () => {
    suite.emulator = await startEmulator({
      port: 0,
      dataDir: ':memory:',
      clock: options.frozen === false ? {} : { start: START, frozen: true },
      merchants: options.merchants ?? [defaultMerchant(NOWHERE_URL)],
    });
    suite.api = new V2Client(suite.emulator.v2Url);
    suite.advance = (seconds) => suite.emulator.core.advance(seconds, 'imp00000000');
  });
  afterAll(async () => {
    await suite.emulator?.close();
  });
  return suite;
}

let counter = 0;
/** A fresh payment id. */
export const paymentId = (prefix = 'pay') => `${prefix}-${Date.now().toString(36)}-${++counter}`;

/** A card credential (V2's CardCredential) of a test card, valid for decades. */
export const card = (number = '4242424242424242') => ({ number, expiryYear: '99', expiryMonth: '12' });

/** A billing key issued with a test card over the API. */
export async function issueKey(api: V2Client, number?: string): Promise<string> {
  const answer = await api.ok<{ billingKeyInfo: { billingKey: string } }>('POST', '/billing-keys', {
    body: { channelKey: CARD_CHANNEL, method: { card: { credential: card(number) } }, customer: { id: 'cust-1' } },
  });
  return answer.billingKeyInfo.billingKey;
}

/** A payment paid with a new billing key; answers its id. */
export async function paidPayment(api: V2Client, total = 10_000, number?: string): Promise<string> {
  const id = paymentId();
  const billingKey = await issueKey(api, number);
  await api.ok('POST', '/payments/{paymentId}/billing-key', {
    params: { paymentId: id },
    body: { billingKey, orderName: '정기 구독 1개월', amount: { total }, currency: 'KRW' },
  });
  return id;
}

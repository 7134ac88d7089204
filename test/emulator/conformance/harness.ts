// The conformance suite's harness: an emulator per test file (frozen virtual clock, in memory)
// and a REST client whose every answer is checked against the envelope rules and the Swagger
// definition of the endpoint. A body that does not fit fails the test.
import { afterAll, beforeAll, expect } from 'vitest';
import {
  type Envelope,
  type PaymentWire,
  startTestEmulator,
  type TestEmulator,
  type TestEmulatorOptions,
} from '../kit';
import { schemaErrors } from './openapi-schema';

/** 2026-01-15 12:00 KST: the frozen start of every suite. */
export const START = Date.UTC(2026, 0, 15, 3, 0, 0) / 1000;

export interface Answer<T> {
  status: number;
  headers: Headers;
  body: Envelope<T>;
}

export interface CallOptions {
  /** JSON (default) or form-urlencoded body. */
  body?: Record<string, unknown>;
  form?: URLSearchParams;
  /** Override the Authorization header; null sends none. */
  token?: string | null;
  headers?: Record<string, string>;
}

/**
 * Checks the envelope rules: success is HTTP 200 (never 201; 207 for a read of several records
 * that found only some) with `message: null` and a `response` that is there (not null, not left
 * out) and fits the Swagger definition.
 */
export function expectConforms(status: number, body: unknown, definition: string): void {
  expect(body).toEqual(expect.objectContaining({ code: expect.any(Number) }));
  const envelope = body as Envelope<unknown>;
  expect(Number.isInteger(envelope.code)).toBe(true);
  if (envelope.code === 0) {
    expect([200, 207]).toContain(status);
    expect(envelope.message).toBeNull();
    expect(envelope.response).toBeDefined();
    expect(envelope.response).not.toBeNull();
    expect(schemaErrors(definition, body)).toEqual([]);
  } else {
    expect(typeof envelope.message).toBe('string');
    expect(envelope.message).not.toBe('');
    expect(envelope.response).toBeNull();
    expect(schemaErrors('ResponseAnnotation', body)).toEqual([]);
  }
}

export class ServiceApi {
  private cachedToken: string | null = null;

  constructor(
    readonly url: string,
    private readonly credentials = { imp_key: 'test_key', imp_secret: 'test_secret' },
  ) {}

  /** A fresh getToken call (which may extend or renew the token per the rules). */
  async issueToken(): Promise<string> {
    const answer = await this.call<{ access_token: string }>('POST', '/users/getToken', 'AuthResponse', {
      body: this.credentials,
      token: null,
    });
    const token = answer.body.response?.access_token;
    if (!token) throw new Error(`getToken failed: ${answer.body.message}`);
    this.cachedToken = token;
    return token;
  }

  async token(): Promise<string> {
    return this.cachedToken ?? this.issueToken();
  }

  /** A REST call; `definition` is the Swagger definition its success body must fit. */
  async call<T>(method: string, path: string, definition: string, options: CallOptions = {}): Promise<Answer<T>> {
    const answer = await this.send<T>(method, path, definition, options);
    // The cached token may have been forgotten by a reset or outlived by the clock: renew once.
    if (answer.status !== 401 || options.token !== undefined || this.cachedToken === null) return answer;
    this.cachedToken = null;
    return this.send<T>(method, path, definition, options);
  }

  private async send<T>(method: string, path: string, definition: string, options: CallOptions): Promise<Answer<T>> {
    const token = options.token === undefined ? await this.token() : options.token;
    const headers: Record<string, string> = { ...(token === null ? {} : { authorization: `Bearer ${token}` }) };
    let payload: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = options.form.toString();
    } else if (options.body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.body);
    }
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers: { ...headers, ...options.headers },
      body: payload,
    });
    expect(res.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    const body = (await res.json()) as Envelope<T>;
    expectConforms(res.status, body, definition);
    return { status: res.status, headers: res.headers, body };
  }

  get<T>(path: string, definition: string, options?: CallOptions) {
    return this.call<T>('GET', path, definition, options);
  }

  post<T>(path: string, definition: string, body?: Record<string, unknown>, options?: CallOptions) {
    return this.call<T>('POST', path, definition, { ...options, body });
  }

  delete<T>(path: string, definition: string, options?: CallOptions) {
    return this.call<T>('DELETE', path, definition, options);
  }

  /** POST /subscribe/payments/again: 1,000원 on `customer_uid`'s billing key, under a fresh merchant_uid. */
  again<T = PaymentWire>(customer_uid: string) {
    return this.post<T>('/subscribe/payments/again', 'PaymentResponse', {
      customer_uid,
      merchant_uid: uid(),
      amount: 1000,
      name: '정기결제',
    });
  }
}

export interface Suite {
  emulator: TestEmulator;
  api: ServiceApi;
}

/** Starts an emulator (frozen at START unless told otherwise) for the calling test file. */
export function useEmulator(options: TestEmulatorOptions = {}): Suite {
  const suite = {} as Suite;
  beforeAll(async () => {
    suite.emulator = await startTestEmulator({ clock: { start: START, frozen: true }, ...options });
    suite.api = new ServiceApi(suite.emulator.url);
  });
  afterAll(() => suite.emulator.close());
  return suite;
}

/** A JSON body for card registration or key-in payment with a test card. */
export { cardFields } from '../kit';

let counter = 0;
/** A fresh id for merchant_uid / customer_uid, unique within the run. */
export const uid = (prefix = 'order') => `${prefix}_${Date.now().toString(36)}_${++counter}`;

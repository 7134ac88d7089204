import 'server-only';

// A test double of the service's HTTP API, passed to the client as its `fetch`. Unit tests use it
// where the real emulator cannot give what they check: an exact count of every request, a local
// clock hours away from the service's, a token endpoint that answers only when the test says so.
// Behaviour against the real thing is proven by the integration tests against a started emulator.

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

type Handler = (request: RecordedRequest, signal: AbortSignal | undefined) => Response | Promise<Response>;

export function envelope(response: unknown, init: { status?: number; code?: number; message?: string | null } = {}) {
  const { status = 200, code = 0, message = null } = init;
  return Response.json({ code, message, response }, { status });
}

export interface FakeServiceOptions {
  /** The service's clock, UNIX seconds. */
  now: number;
  tokenLifetime?: number;
  /** Send a `Date` header from the service's clock (the emulator does). */
  dateHeader?: boolean;
  /** Answers authenticated requests; default: 200 with `{ ok: true }`. */
  handle?: Handler;
}

export function createFakeService(options: FakeServiceOptions) {
  const requests: RecordedRequest[] = [];
  const lifetime = options.tokenLifetime ?? 1800;
  let issued = 0;
  let token: { value: string; expiredAt: number } | null = null;
  let gate: Promise<void> | null = null;

  const fake = {
    now: options.now,
    requests,
    handle: options.handle ?? ((() => envelope({ ok: true })) as Handler),
    tokenRequests: () => requests.filter((r) => r.path === '/users/getToken').length,
    /** Forgets the issued token, as if it had been revoked: the next use answers 401. */
    revokeToken() {
      token = null;
    },
    /** Holds token answers until the returned function is called. */
    holdTokens(): () => void {
      let release = () => {};
      gate = new Promise((resolve) => {
        release = () => {
          gate = null;
          resolve();
        };
      });
      return release;
    },
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input));
      const headers = new Headers(init?.headers);
      const request: RecordedRequest = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        authorization: headers.get('authorization'),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      requests.push(request);
      const response = await answer(request, init?.signal ?? undefined);
      if (options.dateHeader) response.headers.set('date', new Date(fake.now * 1000).toUTCString());
      return response;
    }) as typeof fetch,
  };

  async function answer(request: RecordedRequest, signal: AbortSignal | undefined): Promise<Response> {
    if (request.path === '/users/getToken') {
      if (gate) await gate;
      // The spec's rules: the same token while valid, extended by 5 minutes in its final minute.
      if (!token || fake.now >= token.expiredAt) {
        issued += 1;
        token = { value: `token-${issued}`, expiredAt: fake.now + lifetime };
      } else if (token.expiredAt - fake.now <= 60) {
        token.expiredAt += 300;
      }
      return envelope({ access_token: token.value, now: fake.now, expired_at: token.expiredAt });
    }
    const valid = token && fake.now < token.expiredAt && request.authorization === `Bearer ${token.value}`;
    if (!valid) return envelope(null, { status: 401, code: -1, message: 'Unauthorized' });
    return fake.handle(request, signal);
  }

  return fake;
}

/** A handler that never answers until the request is aborted (a service that hangs). */
export const hang = (signal: AbortSignal | undefined): Promise<never> =>
  new Promise((_, reject) => {
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

/** A payment record as the service sends it. */
export function paymentRecord(fields: Record<string, unknown> = {}) {
  return {
    imp_uid: 'imp_000000000001',
    merchant_uid: 'order-1',
    status: 'paid',
    amount: 1000,
    cancel_amount: 0,
    currency: 'KRW',
    channel: 'api',
    pay_method: 'card',
    paid_at: 1_700_000_000,
    failed_at: 0,
    cancelled_at: 0,
    custom_data: null,
    cancel_history: [],
    ...fields,
  };
}

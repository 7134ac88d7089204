import 'server-only';
import { errorCode, IamportConnectionError, IamportTimeoutError } from './errors';
import { type Envelope, envelopeSchema } from './schemas/envelope';
import { parseDateHeader, type ServiceClock } from './service-clock';
import type { Wire } from './wire';

// The one request core: a per-call timeout, the envelope read, the service clock fed from every
// `Date` header, and retries only where they cannot cause a second effect.

export interface TransportConfig {
  baseUrl: string;
  /** How a request is sent (lib/iamport/wire.ts). */
  wire: Wire;
  /** Default per-attempt timeout. */
  timeoutMs: number;
  /** Extra attempts for a retryable failure. */
  maxRetries: number;
  /** First back-off; doubles per attempt. */
  retryDelayMs: number;
  clock: ServiceClock;
}

export interface Exchange {
  method: 'GET' | 'POST' | 'DELETE';
  /** Already encoded, starting with `/`. */
  path: string;
  body?: unknown;
  token?: string;
  /**
   * `safe`: the request has no effect (a read, or getToken, which returns the same token), so a
   * timeout, a dropped connection or a 5xx is retried. `unsent`: only a request that provably never
   * reached the service is sent again — a charge is never repeated blindly.
   */
  retry: 'safe' | 'unsent';
  timeoutMs?: number;
}

export interface Answer {
  /** `METHOD /path`, for error messages (never the token or the body). */
  request: string;
  status: number;
  /** null when the body was not a `{code, message, response}` envelope. */
  envelope: Envelope | null;
  sentAt: number;
  receivedAt: number;
}

export type Send = (exchange: Exchange) => Promise<Answer>;

export interface CallOptions {
  /** Per-attempt timeout for this call; the client's default otherwise. */
  timeoutMs?: number;
}

/** An authenticated request (the token is added, and renewed once on a 401). */
export type Call = (
  method: Exchange['method'],
  path: string,
  options?: CallOptions & { body?: unknown },
) => Promise<Answer>;

/** A path segment from a caller's id. */
export const segment = (value: string) => encodeURIComponent(value);

/** A path with a query string of the defined values. */
export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  return params.size > 0 ? `${path}?${params}` : path;
}

/** Connection failures that happen before a single byte of the request left this process. */
const neverSent = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export function createTransport(config: TransportConfig): Send {
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const service = new URL(baseUrl).origin;
  const { clock } = config;

  async function attempt(exchange: Exchange, request: string): Promise<Answer> {
    const timeoutMs = exchange.timeoutMs ?? config.timeoutMs;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (exchange.body !== undefined) headers['content-type'] = 'application/json';
    if (exchange.token) headers.authorization = `Bearer ${exchange.token}`;
    const sentAt = clock.localNow();
    try {
      const answer = await config.wire(baseUrl + exchange.path, {
        method: exchange.method,
        headers,
        body: exchange.body === undefined ? undefined : JSON.stringify(exchange.body),
        signal: controller.signal,
      });
      const receivedAt = clock.localNow();
      const date = parseDateHeader(answer.date);
      if (date !== null) clock.observe(date, sentAt, receivedAt);
      return { request, status: answer.status, envelope: parseEnvelope(answer.text), sentAt, receivedAt };
    } catch (error) {
      if (timedOut) throw new IamportTimeoutError(request, 'timeout', { cause: error, timeoutMs });
      if (neverSent.has(errorCode(error) ?? '')) throw new IamportConnectionError(request, { cause: error, service });
      throw new IamportTimeoutError(request, 'connection-lost', { cause: error, timeoutMs });
    } finally {
      clearTimeout(timer);
    }
  }

  return async function send(exchange) {
    const request = `${exchange.method} ${exchange.path}`;
    for (let retry = 0; ; retry += 1) {
      const last = retry >= config.maxRetries;
      try {
        const answer = await attempt(exchange, request);
        if (answer.status < 500 || exchange.retry !== 'safe' || last) return answer;
      } catch (error) {
        const retryable =
          error instanceof IamportConnectionError ||
          (exchange.retry === 'safe' && error instanceof IamportTimeoutError);
        if (!retryable || last) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, config.retryDelayMs * 2 ** retry));
    }
  };
}

function parseEnvelope(text: string): Envelope | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = envelopeSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

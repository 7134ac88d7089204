import 'server-only';
import http from 'node:http';
import https from 'node:https';

// How one request reaches the service: over node:http(s) with kept-alive connections by default,
// or through a given fetch (tests' doubles, an instrumented fetch). Not the global fetch by
// default: inside a route handler that is Next's patched fetch (its cache bookkeeping) on top of
// undici's web streams — measured as about a tenth of a purchase's CPU (docs/benchmarks.md) for
// a JSON exchange that needs none of it.

export interface WireRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Aborting it ends the request; the transport's own timer does. */
  signal: AbortSignal;
}

/** What the transport reads of an answer. */
export interface WireAnswer {
  status: number;
  text: string;
  /** The `Date` header (the service's clock). */
  date: string | null;
}

export type Wire = (url: string, request: WireRequest) => Promise<WireAnswer>;

export function fetchWire(fetcher: typeof fetch): Wire {
  return async (url, { method, headers, body, signal }) => {
    const response = await fetcher(url, { method, headers, body, signal });
    return { status: response.status, text: await response.text(), date: response.headers.get('date') };
  };
}

/**
 * Kept-alive connections to the service, a pool per client. An idle connection is closed before
 * the service would close it (Node follows its `Keep-Alive: timeout` header; `timeout` bounds it
 * where none is sent), so a request is not sent on a connection the other side just closed.
 */
export function nodeWire(): Wire {
  const options = { keepAlive: true, timeout: 4_000, scheduling: 'lifo' as const };
  const agents = { http: new http.Agent(options), https: new https.Agent(options) };
  return (url, { method, headers, body, signal }) =>
    new Promise((resolve, reject) => {
      const secure = url.startsWith('https:');
      const request = (secure ? https : http).request(
        url,
        {
          method,
          headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          agent: secure ? agents.https : agents.http,
          signal,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
              date: response.headers.date ?? null,
            }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
}

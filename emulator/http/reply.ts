// Writing answers: the service envelope for REST, plain JSON for the control API, HTML for the
// hosted pages, and other text (the client script, assets) or redirects. Every answer carries the
// virtual clock in its Date header, because clients estimate the service's clock from it.
import type { ServerResponse } from 'node:http';
import { httpDate } from '../core/time/clock';
import type { ServiceError } from '../core/wire/errors';

type Headers = Record<string, string>;

export type Reply = (
  | { status: number; json: unknown }
  | { status: number; html: string }
  | { status: number; text: string | Buffer; type: string }
) & {
  headers?: Headers;
  /** The virtual time of the Date header (a merchant's clock); default: the default merchant's. */
  at?: number;
};

/** Success: HTTP 200 (never 201), `message: null`. */
export const envelope = (response: unknown): Reply => ({ status: 200, json: { code: 0, message: null, response } });

/** Failure: `response: null`, the error's status and code. */
export const failure = (error: ServiceError): Reply => ({
  status: error.status,
  json: { code: error.code, message: error.message, response: null },
});

/** A request that cannot be routed at all (a malformed URL): the envelope, HTTP 400. */
export const badRequest = (): Reply => ({ status: 400, json: { code: -1, message: 'Bad Request', response: null } });

export const serverError = (status = 500, message = 'Internal Server Error'): Reply => ({
  status,
  json: { code: -1, message, response: null },
});

/** 303 See Other: the browser follows with a GET (after a form POST). */
export const redirect = (location: string): Reply => ({
  status: 303,
  text: '',
  type: 'text/plain',
  headers: { location },
});

function body(reply: Reply): { text: string | Buffer; type: string } {
  if ('html' in reply) return { text: reply.html, type: 'text/html; charset=UTF-8' };
  if ('json' in reply) return { text: JSON.stringify(reply.json), type: 'application/json; charset=UTF-8' };
  return reply;
}

/** `now`: the default merchant's virtual time, for answers no merchant's clock dates. */
export function send(res: ServerResponse, reply: Reply, now: number): void {
  if (res.headersSent || res.destroyed) return;
  const { text, type } = body(reply);
  res.writeHead(reply.status, {
    date: httpDate(reply.at ?? now),
    'content-type': type,
    'content-length': Buffer.byteLength(text),
    // A body refused as too large was not read to its end: the connection cannot carry another request.
    ...(reply.status === 413 ? { connection: 'close' } : {}),
    ...reply.headers,
  });
  res.end(text);
}

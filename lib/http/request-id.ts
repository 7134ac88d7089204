/**
 * Request ids: one per request, made here or, behind a trusted proxy (TRUST_PROXY), taken from its
 * X-Request-Id when it looks like an id (letters, digits, `-_.:`, at most 128) — anything else could
 * forge log lines or bloat them. Pure, so proxy.ts, the route wrapper and the tests share it.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

const SANE = /^[A-Za-z0-9._:-]{1,128}$/;

export const isSaneRequestId = (value: string | null | undefined): value is string => !!value && SANE.test(value);

export function requestIdFor(headers: Headers, trustProxy: boolean): string {
  const given = headers.get(REQUEST_ID_HEADER);
  return trustProxy && isSaneRequestId(given) ? given : crypto.randomUUID();
}

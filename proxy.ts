import { type NextRequest, NextResponse } from 'next/server';
import { env } from '@/lib/env';
import { REQUEST_ID_HEADER, requestIdFor } from '@/lib/http/request-id';
import { makeNonce, securityHeaders } from '@/lib/http/security-headers';

const headerConfig = {
  scriptUrl: env.NEXT_PUBLIC_IMP_SCRIPT_URL,
  apiUrl: env.IMP_API_URL,
  appUrl: env.APP_URL,
  development: env.NODE_ENV === 'development',
};

/**
 * Every request: a request id (the route wrapper and onRequestError read it from the request
 * header set here — proxy's AsyncLocalStorage does not reach them) and the security headers with
 * a fresh CSP nonce. Next reads the nonce from the request's Content-Security-Policy header and
 * puts it on its own scripts, which is why every page renders per request.
 */
export function proxy(request: NextRequest) {
  const requestId = requestIdFor(request.headers, env.TRUST_PROXY);
  const headers = securityHeaders(headerConfig, makeNonce());
  const forwarded = new Headers(request.headers);
  forwarded.set(REQUEST_ID_HEADER, requestId);
  forwarded.set('content-security-policy', headers['Content-Security-Policy'] ?? '');
  const response = NextResponse.next({ request: { headers: forwarded } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  return response;
}

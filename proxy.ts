import { type NextRequest, NextResponse } from 'next/server';
import { env } from '@/lib/env';
import { makeNonce, REQUEST_ID_HEADER, requestIdFor, securityHeaders } from '@/lib/http/client';

const headerConfig = {
  scriptUrl: env.NEXT_PUBLIC_IMP_SCRIPT_URL,
  apiUrl: env.IMP_API_URL,
  appUrl: env.APP_URL,
  development: env.NODE_ENV === 'development',
  // The V2 script (and, for PortOne's own, its service's origins) only while the shop opens V2 windows.
  v2ScriptUrl: env.PORTONE_API === 'v2' ? env.PORTONE_V2_SCRIPT_URL : undefined,
};

/**
 * Every page request: a request id (onRequestError reads it from the request header set here —
 * proxy's AsyncLocalStorage does not reach it) and the security headers with a fresh CSP nonce.
 * Next reads the nonce from the request's Content-Security-Policy header and puts it on its own
 * scripts, which is why every page renders per request. API routes answer JSON and skip the proxy
 * (see `config`): the route wrapper gives them their request id and headers.
 */
export function proxy(request: NextRequest) {
  const requestId = requestIdFor(request.headers, env.TRUST_PROXY);
  const headers = securityHeaders(headerConfig, makeNonce());
  const forwarded = new Headers(request.headers);
  forwarded.set(REQUEST_ID_HEADER, requestId);
  forwarded.set('content-security-policy', headers['Content-Security-Policy'] ?? '');
  const response = malformedPath(request.nextUrl.pathname)
    ? answerMalformed(request, requestId, forwarded)
    : NextResponse.next({ request: { headers: forwarded } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  return response;
}

/**
 * Not for API routes, whose JSON needs no nonce: running the proxy (Next's adapter around it
 * included) was about a fifth of a notice's or a list's CPU (docs/benchmarks.md). Except an API
 * path with a `%` in it, which may be broken (below) — only the proxy answers that.
 */
export const config = {
  matcher: ['/((?!api/).*)', '/api/(.*%.*)'],
};

/**
 * A path whose percent-encoding is broken (`/products/%ZZ`, a cut or invalid UTF-8 sequence such as
 * `%E0%A4%A` or an encoded lone surrogate `%ED%A0%80`) names nothing here, and Next's own decoding
 * of it fails as a bare 500 with none of the headers above.
 */
function malformedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/** An API path: the one error shape, 400. A page: the shop's own not-found page (a path that matches no route). */
function answerMalformed(request: NextRequest, requestId: string, forwarded: Headers): NextResponse {
  if (request.nextUrl.pathname.startsWith('/api/')) {
    return NextResponse.json(
      { error: { code: 'bad_request', message: '요청 주소를 읽을 수 없습니다. 주소를 확인해 주세요.', requestId } },
      { status: 400 },
    );
  }
  return NextResponse.rewrite(new URL('/_malformed-address', request.url), { request: { headers: forwarded } });
}

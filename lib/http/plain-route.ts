import 'server-only';
import { isDatabaseUnavailable, rootMessage } from '@/lib/db';
import { env } from '@/lib/env';
import { IamportError } from '@/lib/iamport';
import { log, withRequestId } from '@/lib/log';
import { ProviderError } from '@/lib/provider';
import { AppError, serviceUnavailable } from './errors';
import { assertSameOrigin } from './origin';
import { REQUEST_ID_HEADER, requestIdFor } from './request-id';
import { securityHeaders } from './security-headers';

type Handler<C> = (request: Request, context: C) => Promise<Response>;

export interface RouteOptions {
  /** Mutating routes called by our own pages refuse requests from other origins. */
  sameOrigin?: boolean;
  /** What the payment service's failure means to this route's user, when the default does not say it (identity). */
  serviceUnavailable?: string;
  /** A probe's route (called every few seconds): its successful answers' access lines at debug level. */
  quiet?: boolean;
}

/** This request's id: its X-Request-Id behind a trusted proxy (TRUST_PROXY), else a new one (lib/http/request-id.ts). */
export const requestIdOf = (request: Request): string => requestIdFor(request.headers, env.TRUST_PROXY);

/** The security headers of every API answer (proxy.ts does not run for API routes): built once, no nonce. */
const API_HEADERS = Object.entries(
  securityHeaders({
    scriptUrl: env.NEXT_PUBLIC_IMP_SCRIPT_URL,
    apiUrl: env.IMP_API_URL,
    appUrl: env.APP_URL,
    development: env.NODE_ENV === 'development',
    v2ScriptUrl: env.PORTONE_API === 'v2' ? env.PORTONE_V2_SCRIPT_URL : undefined,
  }),
);

/** An API answer with the security headers and its request id (a handler's headers of the same names give way). */
export function withApiHeaders(response: Response, requestId: string): Response {
  let answer = response;
  try {
    answer.headers.set(REQUEST_ID_HEADER, requestId);
  } catch {
    // Headers that cannot change (a Response.redirect): the same answer with headers of its own.
    answer = new Response(response.body, response);
    answer.headers.set(REQUEST_ID_HEADER, requestId);
  }
  for (const [name, value] of API_HEADERS) answer.headers.set(name, value);
  return answer;
}

const errorBody = (requestId: string, code: string, message: string, extra: object = {}) => ({
  error: { code, message, ...extra, requestId },
});

/**
 * The one error-mapping wrapper for route handlers: AppError → its status, the payment service's
 * failure (an IamportError) → 503 `service_unavailable`, no database → 503 (it may be restarting:
 * the client tries again), anything else → 500. Every line logged while the handler runs, every
 * error body and every answer's X-Request-Id carry the request's id, and every answer the security
 * headers (API routes do not pass proxy.ts). lib/routes/route.ts adds the variants that
 * authenticate (`route.customer`, `route.operator`, `route.operatorToken`).
 */
export function plainRoute<C = unknown>(handler: Handler<C>, options: RouteOptions = {}): Handler<C> {
  return (request, context) => {
    const requestId = requestIdOf(request);
    return withRequestId(requestId, async () => {
      const started = performance.now();
      const response = withApiHeaders(await answer(request, context, requestId), requestId);
      // The access line: method, path (never the query, which may hold a token) and status.
      const level = options.quiet && response.status < 400 ? 'debug' : 'info';
      log[level](
        {
          method: request.method,
          path: new URL(request.url).pathname,
          status: response.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
      return response;
    });
  };

  async function answer(request: Request, context: C, requestId: string): Promise<Response> {
    try {
      if (options.sameOrigin) assertSameOrigin(request);
      return await handler(request, context);
    } catch (caught) {
      const where = { method: request.method, path: new URL(request.url).pathname };
      const error = fromService(caught, where, options.serviceUnavailable);
      if (error instanceof AppError) {
        return Response.json(
          errorBody(requestId, error.code, error.message, error.fields && { fields: error.fields }),
          { status: error.status, headers: { ...error.headers, [REQUEST_ID_HEADER]: requestId } },
        );
      }
      if (isDatabaseUnavailable(error)) {
        log.error({ ...where, reason: rootMessage(error) }, 'the database is unavailable');
        return Response.json(
          errorBody(requestId, 'database_unavailable', '일시적으로 처리할 수 없습니다. 잠시 후 다시 시도해 주세요.'),
          { status: 503, headers: { 'retry-after': '5', [REQUEST_ID_HEADER]: requestId } },
        );
      }
      log.error({ ...where, err: error }, 'request failed');
      return Response.json(
        errorBody(requestId, 'internal', '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.'),
        { status: 500, headers: { [REQUEST_ID_HEADER]: requestId } },
      );
    }
  }
}

/**
 * The payment service's failures (lib/iamport's, and lib/provider's on either API), mapped in this one place: whatever a handler did not decide
 * about is a 503 `service_unavailable` (try again later); the service's own words go to the log.
 */
function fromService(error: unknown, where: object, message?: string): unknown {
  if (!(error instanceof IamportError) && !(error instanceof ProviderError)) return error;
  log.warn({ ...where, err: error }, 'the payment service could not be asked');
  return serviceUnavailable(message);
}

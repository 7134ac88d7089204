import 'server-only';
import { describeError, isDatabaseUnavailable, rootMessage } from '@/lib/db/errors';
import { AppError } from './errors';
import { assertSameOrigin } from './origin';

type Handler<C> = (request: Request, context: C) => Promise<Response>;

interface Options {
  /** Mutating routes called by our own pages refuse requests from other origins. */
  sameOrigin?: boolean;
}

/**
 * The one error-mapping wrapper for route handlers: AppError → its status, no database → 503
 * (it may be restarting: the client tries again), anything else → 500.
 */
export function route<C = unknown>(handler: Handler<C>, options: Options = {}): Handler<C> {
  return async (request, context) => {
    try {
      if (options.sameOrigin) assertSameOrigin(request);
      return await handler(request, context);
    } catch (error) {
      if (error instanceof AppError) {
        return Response.json(
          { error: { code: error.code, message: error.message, ...(error.fields && { fields: error.fields }) } },
          { status: error.status, headers: error.headers },
        );
      }
      const what = `${request.method} ${new URL(request.url).pathname}`;
      if (isDatabaseUnavailable(error)) {
        console.error(`${what}: the database is unavailable (${rootMessage(error)})`);
        return Response.json(
          {
            error: {
              code: 'database_unavailable',
              message: '일시적으로 처리할 수 없습니다. 잠시 후 다시 시도해 주세요.',
            },
          },
          { status: 503, headers: { 'retry-after': '5' } },
        );
      }
      console.error(`${what} failed: ${describeError(error)}`);
      return Response.json(
        { error: { code: 'internal', message: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.' } },
        { status: 500 },
      );
    }
  };
}

import 'server-only';

export interface FieldErrors {
  [field: string]: string;
}

/**
 * An error a route handler may show the user: its code and Korean message go into the
 * `{ error: { code, message, fields? } }` body. Anything else becomes an opaque 500.
 */
export class AppError extends Error {
  override name = 'AppError';
  /** Extra response headers (e.g. Retry-After on a 429). */
  headers?: Record<string, string>;
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: FieldErrors) => new AppError(400, 'bad_request', message, fields);
export const unauthorized = () => new AppError(401, 'unauthenticated', '로그인이 필요합니다.');
export const forbidden = (message = '허용되지 않은 요청입니다.') => new AppError(403, 'forbidden', message);
export const notFound = (message = '찾을 수 없습니다.') => new AppError(404, 'not_found', message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);

/**
 * The payment service could not be asked (unreachable, failing, an answer that does not fit). The
 * route wrapper answers this for any IamportError that reaches it; a domain throws it itself only
 * after deciding what the failure means for the money (`message` then says what to do next).
 */
export const serviceUnavailable = (message = '결제 서비스에 연결하지 못했습니다. 잠시 후 다시 시도해 주세요.') =>
  new AppError(503, 'service_unavailable', message);

/**
 * A domain's refusals: each `error.code` pages and tests rely on, with its status and Korean
 * message. Answers the function that makes one (`detail` replaces the default message).
 */
export function refusals<T extends Record<string, readonly [number, string]>>(table: T) {
  return (code: keyof T & string, detail?: string): AppError => {
    const [status, message] = table[code] as readonly [number, string];
    return new AppError(status, code, detail ?? message);
  };
}

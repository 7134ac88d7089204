// The V2 REST API's routing: authentication, the store check, `Idempotency-Key`, and answers as
// JSON or `{ type, message }` errors. GET (and DELETE) inputs arrive as query parameters or, as
// the server SDK sends them, one `requestBody` query parameter holding the JSON body.
import type { IncomingMessage } from 'node:http';
import type { Emulator } from '../core/emulator';
import { ServiceError } from '../core/wire/errors';
import { readBody } from '../http/body';
import type { Reply } from '../http/reply';
import { type Params, Router } from '../http/router';
import { authenticate, type V2Merchant } from './auth';
import { forbiddenV2, invalidRequest, V2Error } from './errors';
import type { Json } from './fields';
import { withIdempotency } from './idempotency';

export interface V2Context {
  core: Emulator;
  merchant: V2Merchant;
  params: Params;
  /** The JSON body, or for a GET the query (`requestBody` JSON and plain parameters). */
  body: Json;
  /** The V2 listener's address as the client reached it. */
  baseUrl: string;
  /** The emulator's browser pages (V1's listener: receipts) as the same client reaches them. */
  browserUrl: string;
}

/**
 * An unauthenticated route's context: once it knows the merchant (the secret or refresh token it
 * was given), `dateBy` dates its answer by that merchant's clock, as an authenticated answer is.
 */
type OpenContext = Omit<V2Context, 'merchant'> & { dateBy(merchantCode: string): void };

interface Route {
  open: boolean;
  run(ctx: OpenContext, merchant: V2Merchant | null): unknown;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const errorReply = (error: V2Error, at?: number): Reply => ({
  status: error.status,
  json: { type: error.type, message: error.message, ...error.extra },
  ...(at === undefined ? {} : { at }),
});

/** The query as a body: `requestBody` (JSON) first, plain parameters beside it. */
function queryBody(query: URLSearchParams): Json {
  const body: Json = {};
  const raw = query.get('requestBody');
  if (raw !== null) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw invalidRequest('requestBody: JSON이어야 합니다.');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw invalidRequest('requestBody: JSON 객체여야 합니다.');
    Object.assign(body, parsed);
  }
  for (const [name, value] of query) if (name !== 'requestBody' && !(name in body)) body[name] = value;
  return body;
}

export class V2Api {
  private readonly router = new Router<Route>();

  on(method: string, pattern: string, run: (ctx: V2Context) => unknown): this {
    this.router.on(method, pattern, {
      open: false,
      run: (ctx, merchant) => {
        if (!merchant) throw forbiddenV2('인증이 필요합니다.');
        return run({ ...ctx, merchant });
      },
    });
    return this;
  }

  /** A route without authentication (login, token refresh). */
  open(method: string, pattern: string, run: (ctx: OpenContext) => unknown): this {
    this.router.on(method, pattern, { open: true, run: (ctx) => run(ctx) });
    return this;
  }

  routes(): string[] {
    return this.router.list();
  }

  async handle(core: Emulator, req: IncomingMessage, url: URL, baseUrl: string, browserUrl: string): Promise<Reply> {
    const method = req.method ?? 'GET';
    const match = this.router.match(method, url.pathname);
    let at: number | undefined;
    try {
      if (!match) throw new V2Error(404, 'NOT_FOUND', `${method} ${url.pathname}: 없는 API입니다.`);
      const merchant = match.handler.open ? null : authenticate(core, req.headers);
      if (merchant) at = core.now(merchant.code);
      const body = await this.bodyOf(req, url, method);
      if (merchant) checkStore(merchant, body);
      const dateBy = (code: string) => {
        at = core.now(code);
      };
      const ctx: OpenContext = { core, params: match.params, body, baseUrl, browserUrl, dateBy };
      const run = async (): Promise<Reply> => ({
        status: 200,
        json: (await match.handler.run(ctx, merchant)) ?? {},
        ...(at === undefined ? {} : { at }),
      });
      const key = req.headers['idempotency-key'];
      if (merchant && MUTATING.has(method) && typeof key === 'string') {
        return await withIdempotency(
          core,
          merchant.code,
          key,
          `${method} ${url.pathname} ${JSON.stringify(body)}`,
          run,
        );
      }
      return await run();
    } catch (error) {
      if (error instanceof V2Error) return errorReply(error, at);
      // The shared body reader's refusals (too large, malformed) in V2's shape.
      if (error instanceof ServiceError && error.status < 500)
        return errorReply(new V2Error(error.status, 'INVALID_REQUEST', error.message), at);
      throw error;
    }
  }

  private async bodyOf(req: IncomingMessage, url: URL, method: string): Promise<Json> {
    if (method === 'GET') return queryBody(url.searchParams);
    // A DELETE (or any) may carry input in the query as a GET does; the body wins.
    return { ...queryBody(url.searchParams), ...(await readBody(req)) };
  }
}

/** `storeId`, when given, must be the merchant's own store. */
function checkStore(merchant: V2Merchant, body: Json): void {
  const storeId = body.storeId;
  if (storeId === undefined || storeId === null) return;
  if (storeId !== merchant.v2.store_id) throw forbiddenV2(`접근 권한이 없는 상점입니다: ${String(storeId)}`);
}

// The REST API's routing: each route names whether it needs a token; a handler answers the
// envelope's payload or throws a ServiceError.
import type { IncomingMessage } from 'node:http';
import type { Emulator } from '../core/emulator';
import { tokenHolder } from '../core/service/tokens';
import { ServiceError, unauthorized } from '../core/wire/errors';
import type { Body } from '../core/wire/fields';
import { tokenOf } from '../http/auth';
import { readBody } from '../http/body';
import { envelope, failure, type Reply } from '../http/reply';
import { type Params, Router } from '../http/router';
import type { Merchant } from '../merchants';

export interface RestContext {
  core: Emulator;
  /** The merchant the token belongs to. */
  merchant: Merchant;
  params: Params;
  query: URLSearchParams;
  body: Body;
  /** The emulator's address as the client reached it (for receipt URLs). */
  baseUrl: string;
}

/** An open route's context: no merchant yet; `dateAs` names the one whose clock dates the answer. */
type OpenContext = Omit<RestContext, 'merchant'> & { dateAs(merchantCode: string): void };
interface Route {
  needsToken: boolean;
  call(ctx: OpenContext, merchant: Merchant | null): unknown;
}

/** A read of several records that found only some of them: HTTP 207 with those (GET /payments, …). */
export class PartlyFound {
  constructor(readonly response: unknown) {}
}

/** The found ones, answered with 207 when some of what was asked for is missing. */
export const foundOf = <T>({ found, missing }: { found: T[]; missing: string[] }) =>
  missing.length > 0 ? new PartlyFound(found) : found;

export class RestApi {
  private readonly router = new Router<Route>();

  /** A route behind the access token. */
  on(method: string, pattern: string, run: (ctx: RestContext) => unknown): this {
    const call = (ctx: OpenContext, merchant: Merchant | null) => {
      if (!merchant) throw unauthorized();
      return run({ ...ctx, merchant });
    };
    this.router.on(method, pattern, { needsToken: true, call });
    return this;
  }

  /** A route without a token (only token issuance). */
  open(method: string, pattern: string, run: (ctx: OpenContext) => unknown): this {
    this.router.on(method, pattern, { needsToken: false, call: (ctx) => run(ctx) });
    return this;
  }

  /** Every route as `METHOD /pattern`. */
  routes(): string[] {
    return this.router.list();
  }

  /** Answers the request, or null when no route matches. */
  async handle(core: Emulator, req: IncomingMessage, url: URL, baseUrl: string): Promise<Reply | null> {
    const match = this.router.match(req.method ?? 'GET', url.pathname);
    if (!match) return null;
    // The answer's Date is the clock of the token's merchant (an expired token's too, so a client
    // following Date headers stays on its merchant's time); without one, the default merchant's.
    const holder = match.handler.needsToken ? tokenHolder(core, tokenOf(req.headers)) : null;
    const ctx: OpenContext = {
      core,
      params: match.params,
      query: url.searchParams,
      body: {},
      baseUrl,
      dateAs(merchantCode) {
        datedBy = merchantCode;
      },
    };
    let datedBy = holder?.merchant?.code;
    let reply: Reply;
    try {
      // The token is checked before the body is read, so a 401 never depends on the body.
      if (holder && !holder.valid) throw unauthorized();
      ctx.body = await readBody(req);
      const result = match.handler.call(ctx, holder?.merchant ?? null);
      reply = result instanceof PartlyFound ? { ...envelope(result.response), status: 207 } : envelope(result);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      reply = failure(error);
    }
    if (datedBy) reply.at = core.now(datedBy);
    return reply;
  }
}

/** A path parameter (always present when the route matched). */
export const param = (ctx: { params: Params }, name: string): string => ctx.params[name] ?? '';

// The control API under /__emulator/api/: plain JSON in and out (not the service envelope).
// Errors answer `{ error: { message } }` with 400 (bad input), 404 (unknown) or 409 (a state that
// forbids it, e.g. collecting a cancelled barcode).
import type { IncomingMessage } from 'node:http';
import type { Emulator } from '../core/emulator';
import { ServiceError } from '../core/wire/errors';
import { readBody } from '../http/body';
import type { FaultBook } from '../http/faults';
import type { Reply } from '../http/reply';
import { Router } from '../http/router';
import { StoreCounter } from '../webhooks/store-counter';
import type { WebhookService } from '../webhooks/webhook-service';
import type { AddControlRoute, ControlContext, ControlHandler } from './context';
import { customerRoutes } from './customer-routes';
import { controlRoutes } from './routes';
import { webhookRoutes } from './webhook-routes';

export const CONTROL_PREFIX = '/__emulator/api';

export class ControlApi {
  private readonly router = new Router<ControlHandler>();
  private readonly counter: StoreCounter;

  constructor(
    private readonly core: Emulator,
    private readonly faults: FaultBook,
    private readonly webhooks: WebhookService,
  ) {
    this.counter = new StoreCounter(core, webhooks);
    const on: AddControlRoute = (method, path, handler) => this.router.on(method, `${CONTROL_PREFIX}${path}`, handler);
    controlRoutes(on);
    webhookRoutes(on);
    customerRoutes(on);
  }

  /** Every route as `METHOD /pattern`. */
  routes(): string[] {
    return this.router.list();
  }

  async handle(req: IncomingMessage, url: URL, baseUrl: string): Promise<Reply> {
    const match = this.router.match(req.method ?? 'GET', url.pathname);
    if (!match) return { status: 404, json: { error: { message: `no control route ${req.method} ${url.pathname}` } } };
    try {
      const body = await readBody(req);
      const ctx: ControlContext = {
        core: this.core,
        faults: this.faults,
        webhooks: this.webhooks,
        counter: this.counter,
        params: match.params,
        query: url.searchParams,
        body,
        baseUrl,
      };
      return { status: 200, json: await match.handler(ctx) };
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      const status = [404, 409, 413].includes(error.status) ? error.status : 400;
      return { status, json: { error: { message: error.message } } };
    }
  }
}

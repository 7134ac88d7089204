// What a control route gets (the emulator's parts and the parsed request) and how routes are
// added: shared by the control API and the route files it mounts.
import type { Emulator } from '../core/emulator';
import type { Body } from '../core/wire/fields';
import type { FaultBook } from '../http/faults';
import type { Params } from '../http/router';
import type { StoreCounter } from '../webhooks/store-counter';
import type { WebhookService } from '../webhooks/webhook-service';

export interface ControlContext {
  core: Emulator;
  faults: FaultBook;
  webhooks: WebhookService;
  counter: StoreCounter;
  params: Params;
  query: URLSearchParams;
  body: Body;
  baseUrl: string;
}

export type ControlHandler = (ctx: ControlContext) => unknown | Promise<unknown>;

/** Adds a control route: `METHOD`, a path under the control prefix, its handler. */
export type AddControlRoute = (method: string, path: string, handler: ControlHandler) => void;

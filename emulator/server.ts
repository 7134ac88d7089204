// The emulator's HTTP servers: V1's REST API at /, the control API under /__emulator/api/, and what
// browsers load (client script, hosted windows, dashboard, receipts: browser-routes.ts); and on a
// second listener PortOne V2's REST API (emulator/v2: its paths clash with V1's, and the server
// SDK drops a base path). Both share one core: merchants, clocks, faults, webhooks.
// Injected faults apply to everything outside /__emulator/, the client script included.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { restApi } from './api';
import { BrowserRoutes } from './browser-routes';
import { CONTROL_PREFIX, ControlApi } from './control/control-api';
import { Emulator } from './core/emulator';
import { registerDueWork } from './core/service/due-work';
import type { ClockOptions } from './core/time/clock';
import { actOut, FaultBook } from './http/faults';
import { badRequest, type Reply, send, serverError } from './http/reply';
import type { Merchant } from './merchants';
import { registerV2DueWork, v2Api } from './v2';
import { startV2Webhooks } from './v2/webhooks';
import { type WebhookOptions, WebhookService } from './webhooks/webhook-service';

export interface EmulatorOptions {
  /** 0 picks a free port. */
  port?: number;
  /** PortOne V2's listener (default: V1's port + 1, 4011; a free one when `port` is 0; 0 picks a free port). */
  v2Port?: number;
  host?: string;
  /** A directory for state that survives restarts, or ':memory:' for none (default). */
  dataDir?: string;
  /** Added or updated at start; default: the default merchant. */
  merchants?: Merchant[];
  /** The virtual clock's start and mode when the data directory holds none (default: real time, running). */
  clock?: ClockOptions;
  /** Webhook attempt timeout and concurrency. */
  webhooks?: WebhookOptions;
}

export interface RunningEmulator {
  url: string;
  port: number;
  /** PortOne V2's REST API (the server SDK's `baseUrl`). */
  v2Url: string;
  v2Port: number;
  /** The state and domain operations, for in-process use (hosted pages, scheduler, tests). */
  core: Emulator;
  /** The delivery log and switch, for in-process use. */
  webhooks: WebhookService;
  /** Every route (REST, control, browser) as `METHOD /pattern`: what tests and the fuzzer walk. */
  routes: string[];
  /** V2's routes as `METHOD /pattern`. */
  v2Routes: string[];
  close(): Promise<void>;
}

const notFound: Reply = { status: 404, json: { code: -1, message: 'Not Found', response: null } };

/** The request target as a URL (origin form `/path?query`, or absolute form); null when malformed. */
function parseTarget(target: string | undefined): URL | null {
  try {
    return target?.startsWith('/') ? new URL(`http://emulator${target}`) : new URL(target ?? '');
  } catch {
    return null;
  }
}

/**
 * V1's listener (the browser pages: V2's receipts) as a client that reached V2 at `host` reaches
 * it: the same host name on V1's port, so both listeners may move.
 */
function besideOn(host: string | undefined, port: number): string {
  try {
    const url = new URL(`http://${host ?? '127.0.0.1'}`);
    url.port = String(port);
    return url.origin;
  } catch {
    return `http://127.0.0.1:${port}`;
  }
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const core = new Emulator({
    dataDir: options.dataDir ?? ':memory:',
    clock: options.clock,
    merchants: options.merchants,
  });
  // What runs on the clocks, in this order on each merchant's timeline: scheduled charges,
  // virtual-account deadlines and V2's scheduled payments, then webhook attempts (WebhookService adds its own).
  registerDueWork(core);
  registerV2DueWork(core);
  const faults = new FaultBook();
  const webhooks = new WebhookService(core, options.webhooks);
  const rest = restApi();
  const control = new ControlApi(core, faults, webhooks);
  const browser = new BrowserRoutes(core);
  const v2 = v2Api();
  const stopV2Webhooks = startV2Webhooks(core, webhooks);
  let port = 0;
  let v2Port = 0;

  async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<Reply | null> {
    const baseUrl = `http://${req.headers.host ?? `127.0.0.1:${port}`}`;
    if (url.pathname.startsWith(`${CONTROL_PREFIX}/`)) return control.handle(req, url, baseUrl);
    const fault = url.pathname.startsWith('/__emulator/') ? null : faults.take(req.method ?? 'GET', url.pathname);
    if (fault && !fault.after) {
      const acted = await actOut(fault, req, res);
      if (acted !== 'proceed') return acted;
    }
    const reply = (await browser.handle(req, url, baseUrl)) ?? (await rest.handle(core, req, url, baseUrl)) ?? notFound;
    if (!fault?.after) return reply;
    // Processed: only the answer is lost.
    const lost = await actOut(fault, req, res);
    return lost === 'proceed' ? reply : lost;
  }

  async function routeV2(req: IncomingMessage, res: ServerResponse, url: URL): Promise<Reply | null> {
    const fault = faults.take(req.method ?? 'GET', url.pathname);
    if (fault && !fault.after) {
      const acted = await actOut(fault, req, res);
      if (acted !== 'proceed') return acted;
    }
    const reply = await v2.handle(
      core,
      req,
      url,
      `http://${req.headers.host ?? `127.0.0.1:${v2Port}`}`,
      besideOn(req.headers.host, port),
    );
    if (!fault?.after) return reply;
    const lost = await actOut(fault, req, res);
    return lost === 'proceed' ? reply : lost;
  }

  const listener = (handle: typeof route, failed: () => Reply) => (req: IncomingMessage, res: ServerResponse) => {
    const url = parseTarget(req.url);
    if (!url) return send(res, badRequest(), core.now(core.defaultMerchantCode()));
    handle(req, res, url)
      .catch((error: unknown) => {
        // Only the error itself: request bodies may hold card data and are never logged.
        console.error(`emulator: ${req.method} ${url.pathname} failed:`, error instanceof Error ? error.stack : error);
        return failed();
      })
      .then((reply) => {
        // A REST answer carries its merchant's time; the default merchant's dates the others.
        if (reply) send(res, reply, reply.at ?? core.now(core.defaultMerchantCode()));
      });
  };
  const server = createServer(listener(route, serverError));
  // V2 answers a failure in its own shape too.
  const v2Failed = (): Reply => ({
    status: 500,
    json: { type: 'INTERNAL_SERVER_ERROR', message: 'Internal Server Error' },
  });
  const v2Server = createServer(listener(routeV2, v2Failed));
  const listen = (target: typeof server, at: number) =>
    new Promise<number>((resolve, reject) => {
      target.once('error', reject);
      target.listen(at, options.host ?? '127.0.0.1', () => resolve((target.address() as AddressInfo).port));
    });
  const stop = (target: typeof server) =>
    new Promise<void>((resolve) => {
      if (!target.listening) return resolve();
      target.close(() => resolve());
      target.closeAllConnections();
    });
  try {
    port = await listen(server, options.port ?? 4010);
    // By default beside V1's: the next port (4011), or a free one when V1's was picked free.
    v2Port = await listen(v2Server, options.v2Port ?? (options.port === 0 ? 0 : port + 1));
  } catch (error) {
    await Promise.all([stop(server), stop(v2Server)]);
    stopV2Webhooks();
    await webhooks.close();
    core.close();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    v2Url: `http://127.0.0.1:${v2Port}`,
    v2Port,
    core,
    webhooks,
    routes: [...rest.routes(), ...control.routes(), ...browser.routes()],
    v2Routes: v2.routes(),
    close: async () => {
      await Promise.all([stop(server), stop(v2Server)]);
      stopV2Webhooks();
      await webhooks.close();
      await core.idle();
      core.close();
    },
  };
}

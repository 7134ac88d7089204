// The emulator's HTTP server: the REST API at /, the control API under /__emulator/api/, and what
// browsers load (client script, hosted windows, dashboard, receipts: browser-routes.ts).
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
import { type WebhookOptions, WebhookService } from './webhooks/webhook-service';

export interface EmulatorOptions {
  /** 0 picks a free port. */
  port?: number;
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
  /** The state and domain operations, for in-process use (hosted pages, scheduler, tests). */
  core: Emulator;
  /** The delivery log and switch, for in-process use. */
  webhooks: WebhookService;
  /** Every route (REST, control, browser) as `METHOD /pattern`: what tests and the fuzzer walk. */
  routes: string[];
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

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const core = new Emulator({
    dataDir: options.dataDir ?? ':memory:',
    clock: options.clock,
    merchants: options.merchants,
  });
  // What runs on the clocks, in this order on each merchant's timeline: scheduled charges and
  // virtual-account deadlines, then webhook attempts (WebhookService adds its own).
  registerDueWork(core);
  const faults = new FaultBook();
  const webhooks = new WebhookService(core, options.webhooks);
  const rest = restApi();
  const control = new ControlApi(core, faults, webhooks);
  const browser = new BrowserRoutes(core);
  let port = 0;

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

  const server = createServer((req, res) => {
    const url = parseTarget(req.url);
    if (!url) return send(res, badRequest(), core.now(core.defaultMerchantCode()));
    route(req, res, url)
      .catch((error: unknown) => {
        // Only the error itself: request bodies may hold card data and are never logged.
        console.error(`emulator: ${req.method} ${url.pathname} failed:`, error instanceof Error ? error.stack : error);
        return serverError();
      })
      .then((reply) => {
        // A REST answer carries its merchant's time; the default merchant's dates the others.
        if (reply) send(res, reply, reply.at ?? core.now(core.defaultMerchantCode()));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, options.host ?? '127.0.0.1', resolve);
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    core,
    webhooks,
    routes: [...rest.routes(), ...control.routes(), ...browser.routes()],
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await webhooks.close();
      await core.idle();
      core.close();
    },
  };
}

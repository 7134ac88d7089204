// What browsers load from the emulator: the client script (/v1/iamport.js, and the jQuery-needing
// /js/iamport.payment-1.1.8.js), hosted windows (/__emulator/windows), PortOne V2's script and
// windows (/v2/browser-sdk.js, /v2/windows: v2/windows/routes.ts), the dashboard (/__emulator/), the
// playground, receipts (V1's and V2's) and static assets. The control API and the REST API are elsewhere.
import type { IncomingMessage } from 'node:http';
import type { Emulator } from './core/emulator';
import { scoped } from './core/store/store';
import { ServiceError } from './core/wire/errors';
import { Assets } from './http/assets';
import { readBody } from './http/body';
import type { Reply } from './http/reply';
import { type Params, Router } from './http/router';
import { dashboardPage } from './pages/dashboard';
import { html, page } from './pages/html';
import { playgroundPage } from './pages/playground';
import { receiptPage } from './pages/receipt';
import { v2ReceiptPage } from './v2/receipt-page';
import { merchantOfStore } from './v2/service/windows';
import { paymentCore } from './v2/windows/payment-core';
import { addV2BrowserRoutes } from './v2/windows/routes';
import { hasReceipt } from './v2/wire';
import { type OpenAnswer, openWindow } from './windows/open';
import { failedRsp } from './windows/result';
import { WindowSessions } from './windows/sessions';
import { closedWindow, showWindow, submitWindow } from './windows/window-page';

interface Context {
  req: IncomingMessage;
  params: Params;
  query: URLSearchParams;
  baseUrl: string;
}

type Handler = (ctx: Context) => Reply | null | Promise<Reply | null>;

// Any merchant page may ask for a window, as on the real service; nothing here uses cookies.
const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };

export class BrowserRoutes {
  private readonly router = new Router<Handler>();
  private readonly sessions = new WindowSessions();
  private readonly assets = new Assets();

  constructor(core: Emulator) {
    const on = (method: string, path: string, handler: Handler) => this.router.on(method, path, handler);
    on('GET', '/js/iamport.payment-1.1.8.js', () => this.assets.get('iamport.payment-1.1.8.js'));
    on('GET', '/v1/iamport.js', () => this.assets.get('iamport-payment.js'));
    // PortOne V2's browser script and windows (emulator/v2/windows).
    addV2BrowserRoutes(on, core, () => this.assets.get('portone-v2-sdk.js'), paymentCore);

    on('OPTIONS', '/__emulator/windows', () => ({ status: 204, text: '', type: 'text/plain', headers: CORS }));
    on('POST', '/__emulator/windows', async ({ req, baseUrl }) => {
      let answer: OpenAnswer;
      try {
        answer = openWindow(core, this.sessions, await readBody(req), req.headers.origin, baseUrl);
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        answer = { ok: false, rsp: failedRsp('INVALID_PARAM', error.message, null), redirect_url: null };
      }
      return { status: 200, json: answer, headers: CORS };
    });
    on('GET', '/__emulator/windows/:id', ({ params }) => {
      const session = this.sessions.get(params.id ?? '');
      return session ? showWindow(session) : closedWindow();
    });
    on('POST', '/__emulator/windows/:id', async ({ req, params, baseUrl }) => {
      const session = this.sessions.get(params.id ?? '');
      const form = await readBody(req);
      return session ? submitWindow(core, session, form, req.headers['user-agent'] ?? '', baseUrl) : closedWindow();
    });

    on('GET', '/__emulator', () => ({ status: 200, html: dashboardPage() }));
    on('GET', '/__emulator/playground', ({ query, req }) => ({
      status: 200,
      html: playgroundPage(query, req.headers.host),
    }));
    on('GET', '/__emulator/assets/:name', ({ params }) => this.assets.get(params.name ?? ''));
    on('GET', '/__emulator/vendor/jquery.js', () => this.assets.get('jquery.js'));
    on('GET', '/__emulator/receipts/:imp_uid', ({ params, query }) => {
      const payment = core.store.payments.get(params.imp_uid ?? '');
      return payment ? { status: 200, html: receiptPage(payment, query.get('cancellation_id')) } : null;
    });
    // A V2 payment's slip (its receiptUrl, v2/wire.ts): only a paid one has one.
    on('GET', '/__emulator/v2/receipts/:storeId/:paymentId', ({ params, query }) => {
      const merchantCode = merchantOfStore(core, params.storeId ?? '');
      const payment = merchantCode ? core.store.v2Payments.get(scoped(merchantCode, params.paymentId ?? '')) : null;
      return payment && hasReceipt(payment)
        ? { status: 200, html: v2ReceiptPage(payment, query.get('cancellation_id')) }
        : null;
    });
  }

  /** Every route as `METHOD /pattern`. */
  routes(): string[] {
    return this.router.list();
  }

  /** The answer, or null when no browser route matches (or the asset or record is unknown). */
  async handle(req: IncomingMessage, url: URL, baseUrl: string): Promise<Reply | null> {
    // HEAD is answered as GET (Node leaves the body out), e.g. for `curl -I` on the script.
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
    const match = this.router.match(method, url.pathname);
    if (!match) return null;
    try {
      return await match.handler({ req, params: match.params, query: url.searchParams, baseUrl });
    } catch (error) {
      // A body that cannot be read (too large, malformed, a forbidden name): the page says so.
      if (!(error instanceof ServiceError)) throw error;
      const status = error.status === 413 ? 413 : 400;
      return {
        status,
        html: page(
          '잘못된 요청',
          html`<main class="window"><h1>잘못된 요청</h1><p role="alert" class="error">${error.message}</p></main>`,
        ),
      };
    }
  }
}

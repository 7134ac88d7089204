// One app instance for the race sweep: the app's money-moving route handlers (and the few reads
// the sweep checks with) served over real HTTP on a free port. Vitest cannot run `next start`; this
// is the thinnest stand-in, as test/app-bridge.ts is for the service's calls. The sweep runs one in
// its own process and, for "two instances", a second in a child process (instance-process.ts) on
// the same database and emulator.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { POST as withdrawalRoute } from '@/app/api/account/withdrawal/route';
import { DELETE as removeCardRoute } from '@/app/api/cards/[id]/route';
import { POST as opsReturnRoute } from '@/app/api/ops/orders/[orderNumber]/return/route';
import { POST as opsOwedRefundRoute } from '@/app/api/ops/owed-refunds/[id]/route';
import { POST as opsRefundRoute } from '@/app/api/ops/payments/[merchantUid]/refunds/route';
import { POST as opsCancelNowRoute } from '@/app/api/ops/subscriptions/[id]/cancel-now/route';
import { POST as cancelOrderRoute } from '@/app/api/orders/[orderNumber]/cancel/route';
import { POST as refundAccountRoute } from '@/app/api/orders/[orderNumber]/refund-account/route';
import { POST as returnRoute } from '@/app/api/orders/[orderNumber]/return/route';
import { POST as buyNowRoute } from '@/app/api/orders/buy-now/route';
import { POST as cancelNowRoute } from '@/app/api/subscriptions/[id]/cancel-now/route';
import { POST as subscribeRoute } from '@/app/api/subscriptions/route';

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** `METHOD /path/:param/...` → handler. */
const ROUTES: [string, unknown][] = [
  ['POST /api/subscriptions/:id/cancel-now', cancelNowRoute],
  ['POST /api/subscriptions', subscribeRoute],
  ['POST /api/orders/buy-now', buyNowRoute],
  ['POST /api/orders/:orderNumber/cancel', cancelOrderRoute],
  ['POST /api/orders/:orderNumber/return', returnRoute],
  ['POST /api/orders/:orderNumber/refund-account', refundAccountRoute],
  ['DELETE /api/cards/:id', removeCardRoute],
  ['POST /api/account/withdrawal', withdrawalRoute],
  ['POST /api/ops/payments/:merchantUid/refunds', opsRefundRoute],
  ['POST /api/ops/subscriptions/:id/cancel-now', opsCancelNowRoute],
  ['POST /api/ops/orders/:orderNumber/return', opsReturnRoute],
  ['POST /api/ops/owed-refunds/:id', opsOwedRefundRoute],
];

function match(method: string, pathname: string): { handler: Handler; params: Record<string, string> } | undefined {
  const got = pathname.split('/');
  for (const [pattern, handler] of ROUTES) {
    const [verb, path = ''] = pattern.split(' ');
    const want = path.split('/');
    if (verb !== method || want.length !== got.length) continue;
    if (!want.every((part, i) => part.startsWith(':') || part === got[i])) continue;
    const params = Object.fromEntries(
      want.flatMap((part, i) => (part.startsWith(':') ? [[part.slice(1), decodeURIComponent(got[i] ?? '')]] : [])),
    );
    return { handler: handler as Handler, params };
  }
  return undefined;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface AppInstance {
  url: string;
  close(): Promise<void>;
}

export async function startAppInstance(port = 0): Promise<AppInstance> {
  const server: Server = createServer(async (incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', `http://${incoming.headers.host}`);
    const found = match(incoming.method ?? 'GET', url.pathname);
    if (!found) {
      outgoing.writeHead(404).end();
      return;
    }
    const body = await bodyOf(incoming);
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers))
      if (typeof value === 'string') headers.set(name, value);
    const response = await found.handler(
      new Request(url, { method: incoming.method, headers, body: body.length ? new Uint8Array(body) : undefined }),
      { params: Promise.resolve(found.params) },
    );
    outgoing.writeHead(response.status, { 'content-type': response.headers.get('content-type') ?? 'application/json' });
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

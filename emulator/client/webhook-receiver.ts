// A real HTTP server on a free port that records what the emulator sends it (webhooks, collection
// checks) and answers as the test says: a status, a hang (past the emulator's timeout) or a
// dropped connection.
//
//   const receiver = await startWebhookReceiver();
//   const emulator = await startTestEmulator({ callbackUrl: receiver.url });
//   ... await emulator.advanceClock(3600);
//   expect(receiver.received.map((r) => r.fields.status)).toEqual(['paid']);
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  /** Order of arrival, from 0. */
  index: number;
  method: string;
  path: string;
  contentType: string;
  userAgent: string;
  /** The raw body. */
  body: string;
  /** The Standard Webhooks headers of a V2 webhook (webhook-id, -timestamp, -signature), when sent. */
  headers: Record<string, string>;
  /** The body parsed as JSON (objects) or form fields, whichever its content type says. */
  fields: Record<string, unknown>;
}

/** What to answer: an HTTP status, or `hang` (never answer) / `drop` (close the connection). */
export type ReceiverAnswer = number | 'hang' | 'drop';

export interface WebhookReceiver {
  url: string;
  received: ReceivedRequest[];
  /** Sets how the next requests are answered (default 200). */
  answer(with_: ReceiverAnswer | ((request: ReceivedRequest) => ReceiverAnswer | Promise<ReceiverAnswer>)): void;
  /** Resolves once `count` requests have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

function parse(contentType: string, body: string): Record<string, unknown> {
  if (!contentType.startsWith('application/json')) return Object.fromEntries(new URLSearchParams(body));
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

async function readAll(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startWebhookReceiver(path = '/webhooks'): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  let answerOf: (request: ReceivedRequest) => ReceiverAnswer | Promise<ReceiverAnswer> = () => 200;
  const waiters = new Set<() => void>();
  const server = createServer(async (req, res) => {
    const contentType = req.headers['content-type'] ?? '';
    const body = await readAll(req);
    const request: ReceivedRequest = {
      index: received.length,
      method: req.method ?? '',
      path: req.url ?? '',
      contentType,
      userAgent: req.headers['user-agent'] ?? '',
      body,
      headers: Object.fromEntries(
        ['webhook-id', 'webhook-timestamp', 'webhook-signature'].flatMap((name) => {
          const value = req.headers[name];
          return typeof value === 'string' ? [[name, value]] : [];
        }),
      ),
      fields: parse(contentType, body),
    };
    received.push(request);
    for (const wake of waiters) wake();
    const answer = await answerOf(request);
    if (answer === 'hang') return;
    if (answer === 'drop') {
      req.socket.destroy();
      return;
    }
    res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer === 200 ? 'OK' : `answer ${answer}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    answer(with_) {
      answerOf = typeof with_ === 'function' ? with_ : () => with_;
    },
    waitFor(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received.slice(0, count));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} requests, received ${received.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

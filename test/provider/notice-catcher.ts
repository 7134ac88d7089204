import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// The service's notices as they arrive over HTTP, with every header (a V2 notice's signature is in
// its headers), for feeding to a provider's receiveNotice exactly as a route handler would.

export interface CaughtNotice {
  body: string;
  headers: Headers;
}

export interface NoticeCatcher {
  url: string;
  caught: CaughtNotice[];
  /** The first notice (from now on or already caught) whose body contains `text`. */
  waitFor(text: string, timeoutMs?: number): Promise<CaughtNotice>;
  close(): Promise<void>;
}

const toHeaders = (raw: IncomingHttpHeaders) => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  return headers;
};

export async function startNoticeCatcher(): Promise<NoticeCatcher> {
  const caught: CaughtNotice[] = [];
  const waiters = new Set<() => void>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    caught.push({ body: Buffer.concat(chunks).toString('utf8'), headers: toHeaders(req.headers) });
    res.writeHead(200).end();
    for (const wake of waiters) wake();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/notices`,
    caught,
    waitFor(text, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = caught.find((notice) => notice.body.includes(text));
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no notice containing ${text} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

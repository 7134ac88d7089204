import 'server-only';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP proxy to `target` that, for `lose` (`METHOD /path`), forwards the request, waits for
 * the whole answer and then cuts the connection: the request was processed, the answer is lost.
 * No fault injected before processing can produce that case.
 */
export async function startLossyProxy(target: string, lose: string) {
  const counts = new Map<string, number>();
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const key = `${req.method} ${req.url}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const forward = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        if (key === lose) {
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** How many `METHOD /path` requests reached the proxy. */
    forwarded: (key: string) => counts.get(key) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

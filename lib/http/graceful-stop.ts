import http from 'node:http';
import https from 'node:https';
import { log } from '@/lib/log';

/** How long a stopping instance lets the requests it holds finish (a proxy's read timeout is above). */
export const STOP_GRACE_MS = 10_000;

type Emit = (event: string | symbol, ...args: unknown[]) => boolean;
const installed = Symbol.for('imp-checkout.graceful-stop');
const servers = new Set<http.Server>();
let inFlight = 0;

/** Requests this process has received and not yet answered (or whose client has not gone). */
export const requestsInFlight = () => inFlight;

function track(): void {
  for (const Server of [http.Server, https.Server]) {
    const proto = Server.prototype as unknown as { emit: Emit; [installed]?: true };
    if (proto[installed]) continue;
    const emit = proto.emit;
    proto.emit = function (this: http.Server, event, ...args) {
      if (event === 'listening') servers.add(this);
      if (event === 'request') {
        servers.add(this);
        inFlight += 1;
        (args[1] as http.ServerResponse).once('close', () => {
          inFlight -= 1;
        });
      }
      return emit.call(this, event, ...args);
    };
    proto[installed] = true;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An app instance stopped by SIGTERM (an orchestrator, a deploy) or SIGINT stops taking
 * connections, lets the requests it holds finish — at most `graceMs` — runs `onStop` (the mail
 * worker's batch, the database pool) and exits 0; 1 when requests were still open at the bound.
 * Next's start-server has its own handler (wait without a bound, then exit 143): it is replaced,
 * so call this once at start (instrumentation.ts), after Next registered it.
 */
export function installGracefulStop({
  graceMs = STOP_GRACE_MS,
  onStop = async () => {},
}: {
  graceMs?: number;
  onStop?: () => Promise<void>;
} = {}): void {
  track();
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return; // Ctrl-C reaches a process group twice; one stop is enough.
    stopping = true;
    log.info(`imp-checkout: ${signal}: finishing ${inFlight} request(s) (at most ${graceMs / 1000} s), then stopping.`);
    const deadline = Date.now() + graceMs;
    for (const server of servers) server.close();
    // Keep-alive connections (a proxy's) stay open between requests: closed as soon as they are idle.
    while (inFlight > 0 && Date.now() < deadline) {
      for (const server of servers) server.closeIdleConnections();
      await sleep(50);
    }
    const cut = inFlight;
    await Promise.race([
      onStop().catch((error: unknown) => log.error({ err: error }, 'imp-checkout: stopping failed')),
      sleep(Math.max(deadline - Date.now(), 1_000)),
    ]);
    if (cut) log.error(`imp-checkout: stopped with ${cut} request(s) unanswered after ${graceMs / 1000} s.`);
    else log.info('imp-checkout: stopped.');
    process.exit(cut ? 1 : 0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, stop);
  }
}

// One HTTP POST to a merchant, bounded by a timeout, reduced to what the delivery log keeps.
// node:http rather than fetch: fetch refuses some ports outright (its "bad ports" list) and hides
// the connection error, and a merchant's receiver may listen anywhere.
import http from 'node:http';
import https from 'node:https';
import type { WebhookAttempt, WebhookRecord } from '../core/store/records';

export const USER_AGENT = 'iamport-emulator-webhook/1.0';
const KEPT_BODY = 200;

/** The notification body as the merchant's setting encodes it (the real service has both). */
export function encodeNotification(fields: Record<string, string>, encoding: 'json' | 'form'): string {
  return encoding === 'json' ? JSON.stringify(fields) : new URLSearchParams(fields).toString();
}

/** The exact body of a logged request: the notification's fields encoded, or the kept body. */
export function bodyOf(w: WebhookRecord): string {
  if (w.body !== undefined || w.status === null) return w.body ?? '';
  const fields: Record<string, string> = { imp_uid: w.imp_uid, merchant_uid: w.merchant_uid, status: w.status };
  if (w.cancellation_id) fields.cancellation_id = w.cancellation_id;
  return encodeNotification(fields, w.encoding);
}

export const contentType = (encoding: 'json' | 'form') =>
  encoding === 'json' ? 'application/json; charset=UTF-8' : 'application/x-www-form-urlencoded; charset=UTF-8';

/** Keep-alive connections for one emulator's outgoing requests; destroying them ends requests under way. */
export function outgoingAgents() {
  return {
    http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
  };
}
export type Agents = ReturnType<typeof outgoingAgents>;

class Timeout extends Error {}

/**
 * A kept-alive connection the receiver had closed while it sat idle: the request failed on it
 * before a byte of an answer came, so the receiver never read it, and it may be sent again.
 */
class StaleConnection extends Error {}

/**
 * One exchange; a timer (not an AbortSignal: combining one per request with a long-lived one is
 * slow) bounds it. `fresh` sends on a new connection instead of a kept-alive one.
 */
function exchange(
  url: URL,
  agents: Agents,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  fresh = false,
) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const secure = url.protocol === 'https:';
    let answered = false;
    const req = (secure ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: fresh ? false : secure ? agents.https : agents.http,
      },
      (res) => {
        answered = true;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < KEPT_BODY) text += chunk;
        });
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, text: text.slice(0, KEPT_BODY) });
        });
        res.on('error', reject);
      },
    );
    const timer = setTimeout(() => req.destroy(new Timeout()), timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      const stale = req.reusedSocket && !answered && !(error instanceof Timeout);
      reject(stale ? new StaleConnection(error.message, { cause: error }) : error);
    });
    req.end(body);
  });
}

/**
 * POSTs `body` and answers the attempt (virtual time `at`). Never throws: a refused connection,
 * a reset or a timeout is an attempt without a status. Redirects are not followed.
 */
export async function post(
  target: string,
  encoding: 'json' | 'form',
  body: string,
  at: number,
  options: { agents: Agents; timeoutMs: number; stop: AbortSignal },
  extraHeaders: Record<string, string> = {},
): Promise<WebhookAttempt> {
  const started = performance.now();
  const attempt = (status: number | null, error: string | null, text: string | null): WebhookAttempt => ({
    at,
    response_status: status,
    error,
    response_body: text,
    duration_ms: Math.round(performance.now() - started),
  });
  try {
    const url = new URL(target);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return attempt(null, `unsupported URL: ${target}`, null);
    const headers = { 'content-type': contentType(encoding), 'user-agent': USER_AGENT, ...extraHeaders };
    if (options.stop.aborted) return attempt(null, 'aborted: the emulator is closing', null);
    const send = (fresh: boolean) => exchange(url, options.agents, headers, body, options.timeoutMs, fresh);
    // A notice is never lost to connection reuse: a stale kept-alive connection is retried at once, fresh.
    const answer = await send(false).catch((error: unknown) => {
      // (Not while closing: destroying the agents is what failed it.)
      if (error instanceof StaleConnection && !options.stop.aborted) return send(true);
      throw error;
    });
    return attempt(answer.status, null, answer.text);
  } catch (error) {
    if (error instanceof Timeout) return attempt(null, 'timeout', null);
    if (options.stop.aborted) return attempt(null, 'aborted: the emulator is closing', null);
    const code = (error as NodeJS.ErrnoException).code;
    return attempt(null, code ?? (error instanceof Error ? error.message : String(error)), null);
  }
}

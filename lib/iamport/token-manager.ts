import 'server-only';
import { IamportAuthenticationError } from './errors';
import type { Send } from './http';
import { readPayload } from './parse';
import { tokenSchema } from './schemas/token';
import type { ServiceClock } from './service-clock';

export interface TokenManager {
  /** A token valid for a while yet: the cached one, or a fresh one (one request however many wait). */
  get(): Promise<string>;
  /** Forgets `token` after the service refused it (a newer token is kept). */
  invalidate(token: string): void;
  /** Asks the service now (one request however many wait), which also re-reads its clock. */
  refresh(): Promise<string>;
}

export interface TokenManagerOptions {
  send: Send;
  key: string;
  secret: string;
  clock: ServiceClock;
  /** Refresh this long before expiry, on the service's clock. */
  marginSeconds: number;
}

/**
 * Caches the access token. Expiry is judged on the service's clock (seeded by the token's own `now`),
 * so a local clock that is hours off changes nothing. The key and secret live only in this
 * closure: not on any object a logger could print.
 */
export function createTokenManager({ send, key, secret, clock, marginSeconds }: TokenManagerOptions): TokenManager {
  let current: { token: string; refreshAtMs: number } | null = null;
  let inflight: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const answer = await send({
      method: 'POST',
      path: '/users/getToken',
      body: { imp_key: key, imp_secret: secret },
      // getToken has no effect beyond returning (or extending) the token: safe to repeat.
      retry: 'safe',
    });
    if (answer.status === 401) {
      throw new IamportAuthenticationError(
        answer.request,
        401,
        answer.envelope?.code ?? null,
        `the REST API key or secret was refused (${answer.envelope?.message ?? 'no message'})`,
      );
    }
    const token = readPayload(answer, tokenSchema);
    clock.observe(token.now, answer.sentAt, answer.receivedAt);
    // A token with less life left than the margin (issued in the service's final-minute extension
    // window, say) is still used for half of what it has left rather than refreshed on every call.
    const lifetime = token.expired_at - token.now;
    const refreshAt = token.expired_at - Math.min(marginSeconds, lifetime / 2);
    current = { token: token.access_token, refreshAtMs: refreshAt * 1000 };
    return token.access_token;
  }

  function refresh(): Promise<string> {
    inflight ??= fetchToken().finally(() => {
      inflight = null;
    });
    return inflight;
  }

  return {
    get() {
      const serviceNow = clock.nowMs();
      if (current && serviceNow !== null && serviceNow < current.refreshAtMs) return Promise.resolve(current.token);
      return refresh();
    },
    invalidate(token) {
      if (current?.token === token) current = null;
    },
    refresh,
  };
}

import 'server-only';
import { ProviderUnavailableError } from '../errors';
import { within } from './errors';

/** Re-read when nothing was heard from the service for this long. */
const FRESH_MS = 5 * 60_000;

/**
 * The V2 service's clock. The SDK shows no answer's headers, so the clock is read from the `Date`
 * of a token request (`POST /login/api-secret`, which also proves the secret), as V1's comes from
 * its token's `now`. The emulator answers with its virtual clock there, so the app follows its
 * time travel; the real service's is its own.
 */
export function createV2Clock(options: { baseUrl: string; secret: string; timeoutMs: number }) {
  let offsetMs: number | null = null;
  let readAt = 0;

  async function read(): Promise<void> {
    const sentAt = Date.now();
    const answer = await within(options.timeoutMs, () =>
      fetch(new URL('/login/api-secret', options.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ apiSecret: options.secret }),
      }),
    ).catch((error: unknown) => {
      throw new ProviderUnavailableError('v2', 'could not read the service clock', { cause: error });
    });
    await answer.body?.cancel();
    const date = Date.parse(answer.headers.get('date') ?? '');
    if (!answer.ok || Number.isNaN(date)) {
      throw new ProviderUnavailableError('v2', `the service clock: HTTP ${answer.status}`);
    }
    const receivedAt = Date.now();
    // The Date header has whole seconds: the middle of that second against the middle of the exchange.
    offsetMs = date + 500 - (sentAt + receivedAt) / 2;
    readAt = receivedAt;
  }

  return {
    async now({ fresh = false }: { fresh?: boolean } = {}): Promise<number> {
      if (fresh || offsetMs === null || Date.now() - readAt > FRESH_MS) await read();
      return Math.floor((Date.now() + (offsetMs ?? 0)) / 1000);
    },
  };
}

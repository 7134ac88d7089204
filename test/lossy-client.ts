// The app's service client behind a proxy that loses the answer to one kind of request after the
// service processed it (see test/iamport/lossy-proxy.ts), for the duration of `work`.
import { createIamportClient, type IamportClient } from '@/lib/iamport';
import { startLossyProxy } from '@/test/iamport/lossy-proxy';
import { withOverride } from '@/test/kits/overrides';

export async function withAnswersLost<T>(
  app: { emulator(): { url: string }; client(): IamportClient },
  lose: string,
  work: () => Promise<T>,
): Promise<T> {
  const proxy = await startLossyProxy(app.emulator().url, lose);
  try {
    return await withOverride(
      'iamport',
      createIamportClient({ baseUrl: proxy.url, key: 'test_key', secret: 'test_secret', timeoutMs: 2_000 }),
      work,
    );
  } finally {
    await proxy.close();
  }
}

/**
 * The app's service client for `work`: the answer to the next `lose` (`METHOD /path`) is lost after
 * the service processed it, and the next `blind` reads of a payment after that fail too — the
 * outcome cannot be seen right away and must be resolved later from the record.
 */
export async function withOutcomeHidden<T>(
  app: { emulator(): { url: string }; client(): IamportClient },
  lose: string,
  blind: number,
  work: () => Promise<T>,
): Promise<T> {
  let lost = false;
  let reads = blind;
  const hiding: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const request = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (!lost && request === lose) {
      lost = true;
      await fetch(input, init);
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
      });
    }
    if (lost && reads > 0 && request.startsWith('GET /payments/')) {
      reads -= 1;
      return Response.json({ code: -1, message: 'Service Unavailable', response: null }, { status: 503 });
    }
    return fetch(input, init);
  };
  return withOverride(
    'iamport',
    createIamportClient({ baseUrl: app.emulator().url, key: 'test_key', secret: 'test_secret', fetch: hiding }),
    work,
  );
}

// The app's service client answering the next `times` requests of one kind (`METHOD /path`) with a
// scripted envelope, without sending them: for answers the emulator gives only in states it cannot
// be put in (e.g. an unschedule refused while the booking still waits). Everything else is real.
import { createIamportClient, type IamportClient } from '@/lib/iamport';
import { withOverride } from '@/test/kits/overrides';

export async function withScriptedAnswer<T>(
  app: { emulator(): { url: string }; client(): IamportClient },
  request: string,
  envelope: { code: number; message: string | null; response: unknown },
  times: number,
  work: () => Promise<T>,
): Promise<T> {
  let left = times;
  const scripted: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (`${init?.method ?? 'GET'} ${url.pathname}` === request && left > 0) {
      left -= 1;
      return Response.json(envelope);
    }
    return fetch(input, init);
  };
  return withOverride(
    'iamport',
    createIamportClient({ baseUrl: app.emulator().url, key: 'test_key', secret: 'test_secret', fetch: scripted }),
    work,
  );
}

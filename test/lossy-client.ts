// The app's service client behind a proxy that loses the answer to one kind of request after the
// service processed it (see lib/iamport/integration/lossy-proxy.ts), for the duration of `work`.
import { createIamportClient, type IamportClient, setIamportForTests } from '@/lib/iamport';
import { startLossyProxy } from '@/lib/iamport/integration/lossy-proxy';

export async function withAnswersLost<T>(
  app: { emulator(): { url: string }; client(): IamportClient },
  lose: string,
  work: () => Promise<T>,
): Promise<T> {
  const proxy = await startLossyProxy(app.emulator().url, lose);
  setIamportForTests(
    createIamportClient({ baseUrl: proxy.url, key: 'test_key', secret: 'test_secret', timeoutMs: 2_000 }),
  );
  try {
    return await work();
  } finally {
    setIamportForTests(app.client());
    await proxy.close();
  }
}

// The app's routes that the service calls (webhooks, the convenience-store collection check),
// served over real HTTP on a free port: each request the emulator sends is handed to the route
// handler in-process and answered with its status. Vitest cannot run `next start`; this is the
// thinnest stand-in for it.
import { POST as confirmRoute } from '@/app/api/cvs/confirm/route';
import { POST as webhookRoute } from '@/app/api/webhooks/iamport/route';
import { POST as v2WebhookRoute } from '@/app/api/webhooks/portone/route';
import { startWebhookReceiver, type WebhookReceiver } from '@/test/emulator/kit';

const routes: Record<string, (request: Request, context: object) => Promise<Response>> = {
  '/api/webhooks/iamport': webhookRoute,
  '/api/cvs/confirm': confirmRoute,
  '/api/webhooks/portone': v2WebhookRoute,
};

export const WEBHOOK_PATH = '/api/webhooks/iamport';
export const V2_WEBHOOK_PATH = '/api/webhooks/portone';

/** `url` is the bridge's origin; `received` records every request, as the receiver does. */
export async function startAppBridge(): Promise<WebhookReceiver> {
  const receiver = await startWebhookReceiver('');
  receiver.answer(async (request) => {
    const route = routes[new URL(request.path, receiver.url).pathname];
    if (!route) return 404;
    const response = await route(
      new Request(new URL(request.path, receiver.url), {
        method: request.method,
        body: request.body,
        // V2 notices are signed: the Standard Webhooks headers go through as sent.
        headers: { ...request.headers, 'content-type': request.contentType },
      }),
      {},
    );
    return response.status;
  });
  return receiver;
}

/** One delivery to the app's webhook route as the service makes it, without going over HTTP. */
export function deliverWebhook(body: string, contentType = 'application/json'): Promise<Response> {
  return webhookRoute(
    new Request(`http://localhost:3000${WEBHOOK_PATH}`, {
      method: 'POST',
      body,
      headers: { 'content-type': contentType },
    }),
    {},
  );
}

import { route } from '@/lib/http/handler';
import { receiveWebhook } from '@/lib/webhooks/receive';

// POST /api/webhooks/iamport — the service's notice of a payment (JSON or form). Answers 200 for
// every delivery it recorded, acted on or not, so the service does not retry forever; 5xx only
// when it could not record it.
export const POST = route(async (request) => {
  const { outcome } = await receiveWebhook(await request.text(), request.headers.get('content-type'));
  return Response.json({ received: true, outcome });
});

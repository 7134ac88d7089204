import { readTextCapped } from '@/lib/http/body';
import { clientAddress } from '@/lib/http/client-address';
import { forbidden } from '@/lib/http/errors';
import { route } from '@/lib/http/handler';
import { webhookSourceAllowed } from '@/lib/webhooks/allowed-sources';
import { receiveWebhook } from '@/lib/webhooks/receive';

/** A notice is three short identifiers; anything much larger is not one. */
const MAX_BODY_BYTES = 8 * 1024;

// POST /api/webhooks/iamport — the service's notice of a payment (JSON or form). 200 for every
// notice it recorded, acted on or ignored; 400 for a body that is not a notice, 413 for one too
// large, 403 from an address outside WEBHOOK_ALLOWED_IPS; 503 when acting on it failed (retried).
export const POST = route(async (request) => {
  if (!webhookSourceAllowed(clientAddress(request))) throw forbidden('허용되지 않은 발신 주소입니다.');
  const body = await readTextCapped(request, MAX_BODY_BYTES);
  const { status, outcome } = await receiveWebhook(body, request.headers.get('content-type'));
  return Response.json({ received: status !== 400, outcome }, { status });
});

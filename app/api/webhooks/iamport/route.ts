import { AppError, clientAddress, forbidden, readTextCapped } from '@/lib/http';
import { route } from '@/lib/routes';
import { receiveWebhook, webhookSourceAllowed } from '@/lib/webhooks';

/** A notice is three short identifiers; anything much larger is not one. */
const MAX_BODY_BYTES = 8 * 1024;

// POST /api/webhooks/iamport — the service's notice of a payment (JSON or form). 200 for every
// notice it recorded, acted on or ignored; 400 for a body that is not a notice, 413 for one too
// large, 403 from an address outside WEBHOOK_ALLOWED_IPS; 503 when acting on it failed (retried).
// The service reads only the status; error bodies have the one error shape like every route's.
export const POST = route(async (request) => {
  if (!webhookSourceAllowed(clientAddress(request))) throw forbidden('허용되지 않은 발신 주소입니다.');
  const body = await readTextCapped(request, MAX_BODY_BYTES);
  const { status, outcome } = await receiveWebhook(body, request.headers.get('content-type'));
  if (status === 400)
    throw new AppError(400, 'not_a_notice', `결제 알림으로 읽을 수 없습니다 (${outcome.replace(/^ignored: /, '')}).`);
  if (status === 503) {
    throw new AppError(503, 'not_settled', `알림을 받았지만 처리를 마치지 못했습니다. 다시 보내 주세요 (${outcome}).`);
  }
  return Response.json({ received: true, outcome }, { status });
});

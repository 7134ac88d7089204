import { AppError, readTextCapped } from '@/lib/http';
import { route } from '@/lib/routes';
import { receiveV2Notice } from '@/lib/webhooks';

/** A notice is a few identifiers; anything much larger is not one. */
const MAX_BODY_BYTES = 8 * 1024;

// POST /api/webhooks/portone — PortOne V2's notices (Standard Webhooks). The raw body and its
// webhook-* headers go to the V2 provider, which checks the signature (PORTONE_WEBHOOK_SECRET) and
// re-reads the payment; then it is settled as a V1 notice is. 200 for a notice recorded, acted on or
// ignored; 401 for one not signed with our secret (nothing read or written); 413 for one too large;
// 503 when acting on it failed (the service retries). No source-address check: the signature is it.
export const POST = route(async (request) => {
  const body = await readTextCapped(request, MAX_BODY_BYTES);
  const { status, outcome } = await receiveV2Notice(body, request.headers);
  if (status === 401) throw new AppError(401, 'bad_signature', '서명을 확인할 수 없는 알림입니다.');
  if (status === 503) {
    throw new AppError(503, 'not_settled', `알림을 받았지만 처리를 마치지 못했습니다. 다시 보내 주세요 (${outcome}).`);
  }
  return Response.json({ received: true, outcome }, { status });
});

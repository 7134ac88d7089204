import { z } from 'zod';
import { consentClientOf } from '@/lib/consents';
import { readJson } from '@/lib/http';
import { route, uuidParam } from '@/lib/routes';
import { acceptPriceChange, declinePriceChange, pendingPriceChanges, subscriptionOverview } from '@/lib/subscriptions';

// `decision: 'decline'` says no; otherwise the consent is checked by the service (consent_required, 422), not here.
const answerBody = z
  .object({
    consent: z.unknown().optional(),
    decision: z.enum(['accept', 'decline'], { error: '‘accept’ 또는 ‘decline’이어야 합니다.' }).optional(),
  })
  .strict();

// POST /api/subscriptions/price-changes/{id} — the answer to a higher price: consent (the renewal is then charged at it) or no
export const POST = route.customer(
  async (request, { user, params }) => {
    const { consent, decision } = await readJson(request, answerBody);
    if (decision === 'decline') await declinePriceChange(user, params.id, consentClientOf(request));
    else await acceptPriceChange(user, params.id, consent, consentClientOf(request));
    return Response.json({
      priceChanges: await pendingPriceChanges(user.id),
      subscriptions: await subscriptionOverview(user.id),
    });
  },
  { sameOrigin: true, params: { id: uuidParam('가격 변경 안내를 찾을 수 없습니다.') } },
);

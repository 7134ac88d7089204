import { z } from 'zod';
import { consentClientOf } from '@/lib/consents/request-client';
import { readJson } from '@/lib/http/body';
import { route, uuidParam } from '@/lib/http/handler';
import { acceptPriceChange, pendingPriceChanges, subscriptionOverview } from '@/lib/subscriptions';

// Checked by the service (consent_required, 422), not here.
const acceptBody = z.object({ consent: z.unknown().optional() }).strict();

// POST /api/subscriptions/price-changes/{id} — consent to a new price (the renewal is then charged at it)
export const POST = route.customer(
  async (request, { user, params }) => {
    const { consent } = await readJson(request, acceptBody);
    await acceptPriceChange(user, params.id, consent, consentClientOf(request));
    return Response.json({
      priceChanges: await pendingPriceChanges(user.id),
      subscriptions: await subscriptionOverview(user.id),
    });
  },
  { sameOrigin: true, params: { id: uuidParam('가격 변경 안내를 찾을 수 없습니다.') } },
);

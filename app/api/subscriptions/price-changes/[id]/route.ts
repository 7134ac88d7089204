import { z } from 'zod';
import { requireUserFrom } from '@/lib/accounts/current-user';
import { consentClientOf } from '@/lib/consents/request-client';
import { readJson } from '@/lib/http/body';
import { notFound } from '@/lib/http/errors';
import { route } from '@/lib/http/handler';
import { acceptPriceChange, pendingPriceChanges, subscriptionOverview } from '@/lib/subscriptions';

interface Context {
  params: Promise<{ id: string }>;
}

// Checked by the service (consent_required, 422), not here.
const acceptBody = z.object({ consent: z.unknown().optional() }).strict();

// POST /api/subscriptions/price-changes/{id} — consent to a new price (the renewal is then charged at it)
export const POST = route<Context>(
  async (request, { params }) => {
    const user = await requireUserFrom(request);
    const { id } = await params;
    if (!z.uuid().safeParse(id).success) throw notFound('가격 변경 안내를 찾을 수 없습니다.');
    const { consent } = await readJson(request, acceptBody);
    await acceptPriceChange(user, id, consent, consentClientOf(request));
    return Response.json({
      priceChanges: await pendingPriceChanges(user.id),
      subscriptions: await subscriptionOverview(user.id),
    });
  },
  { sameOrigin: true },
);

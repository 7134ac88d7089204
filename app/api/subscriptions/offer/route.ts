import { readJson } from '@/lib/http';
import { route } from '@/lib/routes';
import { offerQuery, subscriptionOffer } from '@/lib/subscriptions';

// POST /api/subscriptions/offer — the terms of a subscription as the server renders them, sealed for the consent
export const POST = route.customer(
  async (request, { user }) => {
    const { planId, cardId } = await readJson(request, offerQuery);
    return Response.json({ offer: await subscriptionOffer(user, planId, cardId) });
  },
  { sameOrigin: true },
);

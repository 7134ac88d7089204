import { readJson } from '@/lib/http';
import { route } from '@/lib/routes';
import { changeCardBody, changeSubscriptionCard, subscriptionIdFrom, subscriptionOverview } from '@/lib/subscriptions';

// PUT /api/subscriptions/{id}/card — charge another of the customer's cards from the next charge on
export const PUT = route.customer(
  async (request, { user, params }) => {
    const { cardId } = await readJson(request, changeCardBody);
    await changeSubscriptionCard(user, params.id, cardId);
    return Response.json({ subscriptions: await subscriptionOverview(user.id) });
  },
  { sameOrigin: true, params: { id: subscriptionIdFrom } },
);

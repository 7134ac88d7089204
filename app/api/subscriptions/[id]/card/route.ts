import { requireUserFrom } from '@/lib/accounts/current-user';
import { readJson } from '@/lib/http/body';
import { route } from '@/lib/http/handler';
import { changeCardBody, changeSubscriptionCard, subscriptionIdFrom, subscriptionOverview } from '@/lib/subscriptions';

interface Context {
  params: Promise<{ id: string }>;
}

// PUT /api/subscriptions/{id}/card — charge another of the customer's cards from the next charge on
export const PUT = route<Context>(
  async (request, { params }) => {
    const user = await requireUserFrom(request);
    const id = subscriptionIdFrom((await params).id);
    const { cardId } = await readJson(request, changeCardBody);
    await changeSubscriptionCard(user, id, cardId);
    return Response.json({ subscriptions: await subscriptionOverview(user.id) });
  },
  { sameOrigin: true },
);

import { route } from '@/lib/routes';
import { cancelSubscription, subscriptionIdFrom, subscriptionOverview } from '@/lib/subscriptions';

// POST /api/subscriptions/{id}/cancel — cancel at the end of the paid period (in dunning: now)
export const POST = route.customer(
  async (_request, { user, params }) => {
    await cancelSubscription(user, params.id);
    return Response.json({ subscriptions: await subscriptionOverview(user.id) });
  },
  { sameOrigin: true, params: { id: subscriptionIdFrom } },
);

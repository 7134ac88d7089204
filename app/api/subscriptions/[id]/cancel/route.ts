import { requireUserFrom } from '@/lib/accounts/current-user';
import { route } from '@/lib/http/handler';
import { cancelSubscription, subscriptionIdFrom, subscriptionOverview } from '@/lib/subscriptions';

interface Context {
  params: Promise<{ id: string }>;
}

// POST /api/subscriptions/{id}/cancel — cancel at the end of the paid period (in dunning: now)
export const POST = route<Context>(
  async (request, { params }) => {
    const user = await requireUserFrom(request);
    await cancelSubscription(user, subscriptionIdFrom((await params).id));
    return Response.json({ subscriptions: await subscriptionOverview(user.id) });
  },
  { sameOrigin: true },
);

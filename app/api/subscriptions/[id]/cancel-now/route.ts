import { requireUserFrom } from '@/lib/accounts/current-user';
import { route } from '@/lib/http/handler';
import { cancelSubscriptionNow, quoteCancelNow, subscriptionIdFrom, subscriptionOverview } from '@/lib/subscriptions';

interface Context {
  params: Promise<{ id: string }>;
}

// GET /api/subscriptions/{id}/cancel-now — the refund that cancelling now would give, shown before confirming
export const GET = route<Context>(async (request, { params }) => {
  const user = await requireUserFrom(request);
  const id = subscriptionIdFrom((await params).id);
  return Response.json({ quote: await quoteCancelNow(id, { kind: 'customer', userId: user.id }) });
});

// POST /api/subscriptions/{id}/cancel-now — end now and refund the unused part of the paid period
export const POST = route<Context>(
  async (request, { params }) => {
    const user = await requireUserFrom(request);
    const id = subscriptionIdFrom((await params).id);
    const { refunded } = await cancelSubscriptionNow(id, { actor: { kind: 'customer', userId: user.id } });
    return Response.json({ refunded, subscriptions: await subscriptionOverview(user.id) });
  },
  { sameOrigin: true },
);

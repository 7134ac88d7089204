import { route } from '@/lib/routes';
import { cancelSubscriptionNow, quoteCancelNow, subscriptionIdFrom, subscriptionOverview } from '@/lib/subscriptions';

const params = { id: subscriptionIdFrom };

// GET /api/subscriptions/{id}/cancel-now — the refund that cancelling now would give, shown before confirming
export const GET = route.customer(
  async (_request, { user, params: { id } }) =>
    Response.json({ quote: await quoteCancelNow(id, { kind: 'customer', userId: user.id }) }),
  { params },
);

// POST /api/subscriptions/{id}/cancel-now — end now and refund the unused part of the paid period
export const POST = route.customer(
  async (_request, { user, params: { id } }) => {
    const { refunded } = await cancelSubscriptionNow(id, { actor: { kind: 'customer', userId: user.id } });
    return Response.json({ refunded, subscriptions: await subscriptionOverview(user.id) });
  },
  { sameOrigin: true, params },
);

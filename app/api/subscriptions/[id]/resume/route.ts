import { route } from '@/lib/routes';
import { resumeSubscription, subscriptionIdFrom, subscriptionOverview } from '@/lib/subscriptions';

// POST /api/subscriptions/{id}/resume — undo a cancellation before the paid period ends
export const POST = route.customer(
  async (_request, { user, params }) => {
    await resumeSubscription(user, params.id);
    return Response.json({ subscriptions: await subscriptionOverview(user.id) });
  },
  { sameOrigin: true, params: { id: subscriptionIdFrom } },
);

import { requireUserFrom } from '@/lib/accounts/current-user';
import { route } from '@/lib/http/handler';
import { resumeSubscription, subscriptionIdFrom, subscriptionOverview } from '@/lib/subscriptions';

interface Context {
  params: Promise<{ id: string }>;
}

// POST /api/subscriptions/{id}/resume — undo a cancellation before the paid period ends
export const POST = route<Context>(
  async (request, { params }) => {
    const user = await requireUserFrom(request);
    await resumeSubscription(user, subscriptionIdFrom((await params).id));
    return Response.json({ subscriptions: await subscriptionOverview(user.id) });
  },
  { sameOrigin: true },
);

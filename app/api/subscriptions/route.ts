import { consentClientOf } from '@/lib/consents';
import { readJson } from '@/lib/http';
import { route } from '@/lib/routes';
import { subscribe, subscribeBody, subscribeOutcome, subscriptionOverview } from '@/lib/subscriptions';

// GET /api/subscriptions — the signed-in customer's subscriptions with next charge and history
export const GET = route.customer(async (_request, { user }) => {
  return Response.json({ subscriptions: await subscriptionOverview(user.id) });
});

// POST /api/subscriptions — subscribe to a plan: the first period is charged now, the next booked
export const POST = route.customer(
  async (request, { user }) => {
    const body = await readJson(request, subscribeBody);
    const { subscription, created } = await subscribe(user, { ...body, client: consentClientOf(request) });
    return Response.json(
      {
        subscriptionId: subscription.id,
        result: await subscribeOutcome(subscription),
        subscriptions: await subscriptionOverview(user.id),
      },
      { status: created ? 201 : 200 },
    );
  },
  { sameOrigin: true },
);

import { readJson } from '@/lib/http';
import { route } from '@/lib/routes';
import {
  changeShippingBody,
  changeSubscriptionShipping,
  subscriptionIdFrom,
  subscriptionOverview,
} from '@/lib/subscriptions';

// PUT /api/subscriptions/{id}/shipping — where a goods subscription's next deliveries go
export const PUT = route.customer(
  async (request, { user, params }) => {
    const { shipping } = await readJson(request, changeShippingBody);
    await changeSubscriptionShipping(user, params.id, shipping);
    return Response.json({ subscriptions: await subscriptionOverview(user.id) });
  },
  { sameOrigin: true, params: { id: subscriptionIdFrom } },
);

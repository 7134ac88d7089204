import { requireUserFrom } from '@/lib/accounts/current-user';
import { readJson } from '@/lib/http/body';
import { route } from '@/lib/http/handler';
import {
  changeShippingBody,
  changeSubscriptionShipping,
  subscriptionIdFrom,
  subscriptionOverview,
} from '@/lib/subscriptions';

interface Context {
  params: Promise<{ id: string }>;
}

// PUT /api/subscriptions/{id}/shipping — where a goods subscription's next deliveries go
export const PUT = route<Context>(
  async (request, { params }) => {
    const user = await requireUserFrom(request);
    const id = subscriptionIdFrom((await params).id);
    const { shipping } = await readJson(request, changeShippingBody);
    await changeSubscriptionShipping(user, id, shipping);
    return Response.json({ subscriptions: await subscriptionOverview(user.id) });
  },
  { sameOrigin: true },
);

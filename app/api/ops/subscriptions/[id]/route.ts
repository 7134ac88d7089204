import { route } from '@/lib/http/handler';
import { requireOperator } from '@/lib/ops/guard';
import { uuidFrom } from '@/lib/ops/requests';
import { subscriptionDetailForOps } from '@/lib/ops/subscriptions/read';

interface Context {
  params: Promise<{ id: string }>;
}

// GET /api/ops/subscriptions/{id} — periods, charges, the service's booking, dunning (viewer)
export const GET = route<Context>(async (request, { params }) => {
  await requireOperator(request, 'viewer');
  return Response.json(await subscriptionDetailForOps(uuidFrom((await params).id, '구독')));
});

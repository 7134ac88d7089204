import { route } from '@/lib/http/handler';
import { assertOperator } from '@/lib/http/operator';
import { reconcileSubscriptions } from '@/lib/subscriptions/reconcile';

// POST /api/operations/reconcile — operators: repair subscriptions from the service's records (as `npm run reconcile`)
export const POST = route(async (request) => {
  assertOperator(request);
  return Response.json({ report: await reconcileSubscriptions() });
});

import { route } from '@/lib/http/handler';
import { assertOperator } from '@/lib/http/operator';
import { reconcile } from '@/lib/reconciliation/reconcile';

// POST /api/operations/reconcile — operators: repair subscriptions and orders from the service's records (as `npm run reconcile`)
export const POST = route(async (request) => {
  assertOperator(request);
  return Response.json(await reconcile());
});

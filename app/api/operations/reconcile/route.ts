import { reconcile } from '@/lib/reconciliation/reconcile';
import { route } from '@/lib/routes/route';

// POST /api/operations/reconcile — operators: repair subscriptions and orders from the service's records (as `npm run reconcile`)
export const POST = route.operatorToken(async () => Response.json(await reconcile()));

import { reconcile } from '@/lib/reconciliation';
import { route } from '@/lib/routes';

// POST /api/operations/reconcile — operators: repair subscriptions and orders from the service's records (as `npm run reconcile`)
export const POST = route.operatorToken(async () => Response.json(await reconcile()));

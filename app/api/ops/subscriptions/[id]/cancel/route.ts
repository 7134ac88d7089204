import { cancelAtPeriodEndForOps } from '@/lib/ops';
import { subscriptionActionRoute } from '@/lib/routes';

// POST /api/ops/subscriptions/{id}/cancel — cancel at the end of the paid period (admin)
export const POST = subscriptionActionRoute(cancelAtPeriodEndForOps);

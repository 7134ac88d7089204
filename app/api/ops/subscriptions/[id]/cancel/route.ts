import { subscriptionActionRoute } from '@/lib/ops/subscriptions/action-route';
import { cancelAtPeriodEndForOps } from '@/lib/ops/subscriptions/actions';

// POST /api/ops/subscriptions/{id}/cancel — cancel at the end of the paid period (admin)
export const POST = subscriptionActionRoute(cancelAtPeriodEndForOps);

import { cancelAtPeriodEndForOps } from '@/lib/ops/subscriptions/actions';
import { subscriptionActionRoute } from '@/lib/routes/subscription-action-route';

// POST /api/ops/subscriptions/{id}/cancel — cancel at the end of the paid period (admin)
export const POST = subscriptionActionRoute(cancelAtPeriodEndForOps);

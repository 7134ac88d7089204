import { cancelNowForOps } from '@/lib/ops/subscriptions/actions';
import { subscriptionActionRoute } from '@/lib/routes/subscription-action-route';

// POST /api/ops/subscriptions/{id}/cancel-now — end now with a pro-rata refund (admin)
export const POST = subscriptionActionRoute(cancelNowForOps);

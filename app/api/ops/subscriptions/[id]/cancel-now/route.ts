import { subscriptionActionRoute } from '@/lib/ops/subscriptions/action-route';
import { cancelNowForOps } from '@/lib/ops/subscriptions/actions';

// POST /api/ops/subscriptions/{id}/cancel-now — end now with a pro-rata refund (admin)
export const POST = subscriptionActionRoute(cancelNowForOps);

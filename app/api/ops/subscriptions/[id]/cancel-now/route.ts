import { cancelNowForOps } from '@/lib/ops';
import { subscriptionActionRoute } from '@/lib/routes';

// POST /api/ops/subscriptions/{id}/cancel-now — end now with a pro-rata refund (admin)
export const POST = subscriptionActionRoute(cancelNowForOps);

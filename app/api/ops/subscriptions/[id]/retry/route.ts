import { subscriptionActionRoute } from '@/lib/ops/subscriptions/action-route';
import { retryRenewalNow } from '@/lib/ops/subscriptions/actions';

// POST /api/ops/subscriptions/{id}/retry — charge a failed renewal's retry now (admin)
export const POST = subscriptionActionRoute(retryRenewalNow);

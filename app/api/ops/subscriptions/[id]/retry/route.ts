import { retryRenewalNow } from '@/lib/ops/subscriptions/actions';
import { subscriptionActionRoute } from '@/lib/routes/subscription-action-route';

// POST /api/ops/subscriptions/{id}/retry — charge a failed renewal's retry now (admin)
export const POST = subscriptionActionRoute(retryRenewalNow);

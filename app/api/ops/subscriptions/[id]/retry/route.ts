import { retryRenewalNow } from '@/lib/ops';
import { subscriptionActionRoute } from '@/lib/routes';

// POST /api/ops/subscriptions/{id}/retry — charge a failed renewal's retry now (admin)
export const POST = subscriptionActionRoute(retryRenewalNow);

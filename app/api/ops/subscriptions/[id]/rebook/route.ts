import { rebookMissing } from '@/lib/ops/subscriptions/actions';
import { subscriptionActionRoute } from '@/lib/routes/subscription-action-route';

// POST /api/ops/subscriptions/{id}/rebook — book a renewal missing at the service (admin)
export const POST = subscriptionActionRoute(rebookMissing);

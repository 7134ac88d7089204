import { subscriptionActionRoute } from '@/lib/ops/subscriptions/action-route';
import { rebookMissing } from '@/lib/ops/subscriptions/actions';

// POST /api/ops/subscriptions/{id}/rebook — book a renewal missing at the service (admin)
export const POST = subscriptionActionRoute(rebookMissing);

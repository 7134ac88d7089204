import { rebookMissing } from '@/lib/ops';
import { subscriptionActionRoute } from '@/lib/routes';

// POST /api/ops/subscriptions/{id}/rebook — book a renewal missing at the service (admin)
export const POST = subscriptionActionRoute(rebookMissing);

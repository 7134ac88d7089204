import { deliveryIdParam, processAgain } from '@/lib/ops';
import { route } from '@/lib/routes';

// POST /api/ops/webhooks/{id}/process — run the handler again for a received delivery (refunder)
export const POST = route.operator(
  'refunder',
  async (_request, { operator, params }) => Response.json({ delivery: await processAgain(operator, params.id) }),
  { sameOrigin: true, params: { id: deliveryIdParam } },
);

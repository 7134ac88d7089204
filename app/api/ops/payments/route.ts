import { readQuery, searchPayments } from '@/lib/ops';
import { paymentFiltersSchema } from '@/lib/ops/client';
import { route } from '@/lib/routes';

// GET /api/ops/payments — search orders and subscription charges (viewer)
export const GET = route.operator('viewer', async (request) =>
  Response.json(await searchPayments(readQuery(request, paymentFiltersSchema))),
);

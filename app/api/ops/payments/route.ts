import { paymentFiltersSchema } from '@/lib/ops/client/payments';
import { searchPayments } from '@/lib/ops/payments/search';
import { readQuery } from '@/lib/ops/requests';
import { route } from '@/lib/routes/route';

// GET /api/ops/payments — search orders and subscription charges (viewer)
export const GET = route.operator('viewer', async (request) =>
  Response.json(await searchPayments(readQuery(request, paymentFiltersSchema))),
);

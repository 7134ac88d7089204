import { route } from '@/lib/http/handler';
import { searchPayments } from '@/lib/ops/payments/search';
import { readQuery } from '@/lib/ops/requests';
import { paymentFiltersSchema } from '@/lib/shared/ops/payments';

// GET /api/ops/payments — search orders and subscription charges (viewer)
export const GET = route.operator('viewer', async (request) =>
  Response.json(await searchPayments(readQuery(request, paymentFiltersSchema))),
);

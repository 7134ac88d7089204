import { listAwaitingDeposits, readQuery } from '@/lib/ops';
import { depositFiltersSchema } from '@/lib/ops/client';
import { route } from '@/lib/routes';

// GET /api/ops/deposits — 가상계좌 orders awaiting their deposit, nearest due first (viewer)
export const GET = route.operator('viewer', async (request) =>
  Response.json(await listAwaitingDeposits(readQuery(request, depositFiltersSchema))),
);

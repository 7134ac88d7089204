import { listOwedRefunds, readQuery } from '@/lib/ops';
import { owedFiltersSchema } from '@/lib/ops/client';
import { route } from '@/lib/routes';

// GET /api/ops/owed-refunds — money the shop owes back (가상계좌 payments that buy nothing), newest first (viewer)
export const GET = route.operator('viewer', async (request) =>
  Response.json(await listOwedRefunds(readQuery(request, owedFiltersSchema))),
);

import { z } from 'zod';
import { readJson } from '@/lib/http/body';
import { route } from '@/lib/http/handler';
import { assertOperator } from '@/lib/http/operator';
import { setPlanPrice } from '@/lib/subscriptions/price-changes';
import { kstDayStart } from '@/lib/subscriptions/prices';

interface Context {
  params: Promise<{ planId: string }>;
}

const body = z
  .object({
    amount: z.number().int('정수여야 합니다.'),
    from: z.string().refine((day) => kstDayStart(day) !== undefined, 'YYYY-MM-DD 형식의 날짜여야 합니다.'),
  })
  .strict();

// POST /api/operations/plans/{planId}/price — operators: a new price from a day ≥ 30 days ahead (as `npm run plans -- set-price`)
export const POST = route<Context>(async (request, { params }) => {
  assertOperator(request);
  const { planId } = await params;
  const { amount, from } = await readJson(request, body);
  const price = await setPlanPrice(planId, amount, kstDayStart(from) ?? 0);
  return Response.json({ price }, { status: 201 });
});

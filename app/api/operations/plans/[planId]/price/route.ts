import { z } from 'zod';
import { readJson } from '@/lib/http';
import { asGiven, route } from '@/lib/routes';
import { kstDayStart, setPlanPrice } from '@/lib/subscriptions';
import { calendarDay, wonAmount } from '@/lib/values/client';

const body = z
  .object({
    amount: wonAmount('가격은 100원 이상의 정수여야 합니다.').min(100, '가격은 100원 이상의 정수여야 합니다.'),
    from: calendarDay,
  })
  .strict();

// POST /api/operations/plans/{planId}/price — operators: a new price from a day ≥ 30 days ahead (as `npm run plans -- set-price`)
export const POST = route.operatorToken(
  async (request, { params }) => {
    const { amount, from } = await readJson(request, body);
    const price = await setPlanPrice(params.planId, amount, kstDayStart(from) ?? 0);
    return Response.json({ price }, { status: 201 });
  },
  { params: { planId: asGiven } },
);

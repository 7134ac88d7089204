import { readJson } from '@/lib/http/body';
import { route } from '@/lib/http/handler';
import { requireOperator } from '@/lib/ops/guard';
import { noteBody, uuidFrom } from '@/lib/ops/requests';
import { cancelNowForOps } from '@/lib/ops/subscriptions/actions';

interface Context {
  params: Promise<{ id: string }>;
}

// POST /api/ops/subscriptions/{id}/cancel-now — end now with a pro-rata refund (admin)
export const POST = route<Context>(
  async (request, { params }) => {
    const operator = await requireOperator(request, 'admin');
    const id = uuidFrom((await params).id, '구독');
    const { note } = await readJson(request, noteBody);
    return Response.json({ done: true, ...(await cancelNowForOps(operator, id, note)) });
  },
  { sameOrigin: true },
);

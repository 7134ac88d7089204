import { route } from '@/lib/http/handler';
import { requireOperator } from '@/lib/ops/guard';
import { uuidFrom } from '@/lib/ops/requests';
import { processAgain } from '@/lib/ops/webhooks/deliveries';

interface Context {
  params: Promise<{ id: string }>;
}

// POST /api/ops/webhooks/{id}/process — run the handler again for a received delivery (refunder)
export const POST = route<Context>(
  async (request, { params }) => {
    const operator = await requireOperator(request, 'refunder');
    return Response.json({ delivery: await processAgain(operator, uuidFrom((await params).id, '수신 기록')) });
  },
  { sameOrigin: true },
);

import { requireUserFrom } from '@/lib/accounts/current-user';
import { cardSummaries } from '@/lib/cards/cards';
import { chooseDefaultCard } from '@/lib/cards/manage-cards';
import { cardIdFrom } from '@/lib/cards/requests';
import { route } from '@/lib/http/handler';

interface Context {
  params: Promise<{ id: string }>;
}

// PUT /api/cards/{id}/default — make this card the one charged by default
export const PUT = route<Context>(
  async (request, { params }) => {
    const user = await requireUserFrom(request);
    await chooseDefaultCard(user.id, cardIdFrom((await params).id));
    return Response.json({ cards: await cardSummaries(user.id) });
  },
  { sameOrigin: true },
);

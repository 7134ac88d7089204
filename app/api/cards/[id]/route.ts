import { requireUserFrom } from '@/lib/accounts/current-user';
import { cardSummaries } from '@/lib/cards/cards';
import { removeCard } from '@/lib/cards/manage-cards';
import { cardIdFrom } from '@/lib/cards/requests';
import { route } from '@/lib/http/handler';

interface Context {
  params: Promise<{ id: string }>;
}

// DELETE /api/cards/{id} — delete the card's billing key at the service and forget the card
export const DELETE = route<Context>(
  async (request, { params }) => {
    const user = await requireUserFrom(request);
    await removeCard(user.id, cardIdFrom((await params).id));
    return Response.json({ cards: await cardSummaries(user.id) });
  },
  { sameOrigin: true },
);

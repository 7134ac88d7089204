import { cardIdFrom, cardSummaries, removeCard } from '@/lib/cards';
import { route } from '@/lib/routes';

// DELETE /api/cards/{id} — delete the card's billing key at the service and forget the card
export const DELETE = route.customer(
  async (_request, { user, params }) => {
    await removeCard(user.id, params.id);
    return Response.json({ cards: await cardSummaries(user.id) });
  },
  { sameOrigin: true, params: { id: cardIdFrom } },
);

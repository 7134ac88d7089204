import { cardIdFrom, cardSummaries, chooseDefaultCard } from '@/lib/cards';
import { route } from '@/lib/routes';

// PUT /api/cards/{id}/default — make this card the one charged by default
export const PUT = route.customer(
  async (_request, { user, params }) => {
    await chooseDefaultCard(user.id, params.id);
    return Response.json({ cards: await cardSummaries(user.id) });
  },
  { sameOrigin: true, params: { id: cardIdFrom } },
);

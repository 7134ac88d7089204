import { cardSummaries } from '@/lib/cards/cards';
import { chooseDefaultCard } from '@/lib/cards/manage-cards';
import { cardIdFrom } from '@/lib/cards/requests';
import { route } from '@/lib/routes/route';

// PUT /api/cards/{id}/default — make this card the one charged by default
export const PUT = route.customer(
  async (_request, { user, params }) => {
    await chooseDefaultCard(user.id, params.id);
    return Response.json({ cards: await cardSummaries(user.id) });
  },
  { sameOrigin: true, params: { id: cardIdFrom } },
);

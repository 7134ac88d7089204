import { cardSummaries } from '@/lib/cards';
import { route } from '@/lib/routes';

// GET /api/cards — the signed-in customer's active cards, in the order they were registered
export const GET = route.customer(async (_request, { user }) => {
  return Response.json({ cards: await cardSummaries(user.id) });
});

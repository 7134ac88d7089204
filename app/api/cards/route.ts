import { requireUserFrom } from '@/lib/accounts/current-user';
import { cardSummaries } from '@/lib/cards/cards';
import { route } from '@/lib/http/handler';

// GET /api/cards — the signed-in customer's active cards, in the order they were registered
export const GET = route(async (request) => {
  const user = await requireUserFrom(request);
  return Response.json({ cards: await cardSummaries(user.id) });
});

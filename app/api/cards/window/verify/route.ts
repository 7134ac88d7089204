import { cardSummaries, completeWindowRegistration, windowResultBody } from '@/lib/cards';
import { readJson } from '@/lib/http';
import { route } from '@/lib/routes';

// POST /api/cards/window/verify — store the card once the service confirms the window's billing key
export const POST = route.customer(
  async (request, { user }) => {
    const { customer_uid, imp_uid } = await readJson(request, windowResultBody);
    const cardId = await completeWindowRegistration(user, customer_uid, imp_uid);
    return Response.json({ cardId, cards: await cardSummaries(user.id) }, { status: 201 });
  },
  { sameOrigin: true },
);

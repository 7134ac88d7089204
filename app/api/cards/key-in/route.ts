import { requireUserFrom } from '@/lib/accounts/current-user';
import { cardSummaries } from '@/lib/cards/cards';
import { registerCardByKeyIn } from '@/lib/cards/register-key-in';
import { keyInBody } from '@/lib/cards/requests';
import { readJson } from '@/lib/http/body';
import { route } from '@/lib/http/handler';

// POST /api/cards/key-in — register a card from entered card data (sent on to the service, never kept)
export const POST = route(
  async (request) => {
    const user = await requireUserFrom(request);
    const fields = await readJson(request, keyInBody);
    const cardId = await registerCardByKeyIn(user, fields);
    return Response.json({ cardId, cards: await cardSummaries(user.id) }, { status: 201 });
  },
  { sameOrigin: true },
);

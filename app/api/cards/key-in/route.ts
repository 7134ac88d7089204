import { cardSummaries, keyInBody, registerCardByKeyIn } from '@/lib/cards';
import { consentClientOf, requireCardConsent } from '@/lib/consents';
import { hideCardNumber } from '@/lib/consents/client';
import { readJson } from '@/lib/http';
import { route } from '@/lib/routes';

// POST /api/cards/key-in — register a card from entered card data (sent on to the service, never kept)
export const POST = route.customer(
  async (request, { user }) => {
    const { consent, ...fields } = await readJson(request, keyInBody);
    const textSha256 = requireCardConsent(consent, hideCardNumber(fields.cardNumber));
    const cardId = await registerCardByKeyIn(user, fields, { textSha256, client: consentClientOf(request) });
    return Response.json({ cardId, cards: await cardSummaries(user.id) }, { status: 201 });
  },
  { sameOrigin: true },
);

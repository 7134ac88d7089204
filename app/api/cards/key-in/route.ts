import { cardSummaries } from '@/lib/cards/cards';
import { registerCardByKeyIn } from '@/lib/cards/register-key-in';
import { keyInBody } from '@/lib/cards/requests';
import { requireCardConsent } from '@/lib/consents/card';
import { consentClientOf } from '@/lib/consents/request-client';
import { hideCardNumber } from '@/lib/consents/shared/card-text';
import { readJson } from '@/lib/http/body';
import { route } from '@/lib/routes/route';

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

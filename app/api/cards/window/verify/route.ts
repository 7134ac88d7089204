import {
  cardSummaries,
  completeWindowRegistration,
  completeWindowRegistrationV2,
  windowResultBody,
  windowResultBodyV2,
} from '@/lib/cards';
import { readJson } from '@/lib/http';
import { route } from '@/lib/routes';

/** A body naming a billingKey is V2's window's; any other is read as V1's (and answered as before). */
const namesV2Key = async (request: Request) => {
  const raw: unknown = await request
    .clone()
    .json()
    .catch(() => null);
  return typeof raw === 'object' && raw !== null && 'billingKey' in raw;
};

// POST /api/cards/window/verify — store the card once the service confirms the window's billing key
export const POST = route.customer(
  async (request, { user }) => {
    let cardId: string;
    if (await namesV2Key(request)) {
      const { customer_uid, billingKey } = await readJson(request, windowResultBodyV2);
      cardId = await completeWindowRegistrationV2(user, customer_uid, billingKey);
    } else {
      const { customer_uid, imp_uid } = await readJson(request, windowResultBody);
      cardId = await completeWindowRegistration(user, customer_uid, imp_uid);
    }
    return Response.json({ cardId, cards: await cardSummaries(user.id) }, { status: 201 });
  },
  { sameOrigin: true },
);

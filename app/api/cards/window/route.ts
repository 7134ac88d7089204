import { startWindowRegistration } from '@/lib/cards/register-in-window';
import { windowStartBody } from '@/lib/cards/requests';
import { requireCardConsent } from '@/lib/consents/card';
import { consentClientOf } from '@/lib/consents/request-client';
import { readJson } from '@/lib/http/body';
import { route } from '@/lib/routes/route';

// POST /api/cards/window — with the consent to keep a card, mint a customer_uid for this user and the params for IMP.request_pay
export const POST = route.customer(
  async (request, { user }) => {
    const { consent } = await readJson(request, windowStartBody);
    const textSha256 = requireCardConsent(consent);
    const registration = await startWindowRegistration(user, { textSha256, client: consentClientOf(request) });
    return Response.json({ registration }, { status: 201 });
  },
  { sameOrigin: true },
);

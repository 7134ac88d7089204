import { startWindowRegistration, windowStartBody } from '@/lib/cards';
import { consentClientOf, requireCardConsent } from '@/lib/consents';
import { readJson } from '@/lib/http';
import { route } from '@/lib/routes';

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

import { startWindowRegistration, windowStartBody } from '@/lib/cards';
import { consentClientOf, requireCardConsent } from '@/lib/consents';
import { readJson } from '@/lib/http';
import { isWallet } from '@/lib/payments/client';
import { route } from '@/lib/routes';

// POST /api/cards/window — with the consent to keep a card or wallet, mint a customer_uid for this user and the params for IMP.request_pay
export const POST = route.customer(
  async (request, { user }) => {
    const { consent, method } = await readJson(request, windowStartBody);
    const textSha256 = requireCardConsent(consent, undefined, isWallet(method) ? method : undefined);
    const registration = await startWindowRegistration(user, { textSha256, client: consentClientOf(request) }, method);
    return Response.json({ registration }, { status: 201 });
  },
  { sameOrigin: true },
);

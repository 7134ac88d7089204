import { changeMarketingConsent, marketingChangeSchema } from '@/lib/accounts/marketing';
import { consentClientOf } from '@/lib/consents/request-client';
import { readJson } from '@/lib/http/body';
import { route } from '@/lib/routes/route';

// POST /api/account/marketing — give or withdraw 마케팅 정보 수신 (a new consent-log row)
export const POST = route.customer(
  async (request, { user }) => {
    const answer = await readJson(request, marketingChangeSchema);
    await changeMarketingConsent(user.id, answer, consentClientOf(request));
    return Response.json({ agreed: answer.agreed }, { status: 201 });
  },
  { sameOrigin: true },
);

import { changeMarketingConsent, marketingChangeSchema } from '@/lib/accounts';
import { consentClientOf } from '@/lib/consents';
import { readJson } from '@/lib/http';
import { route } from '@/lib/routes';

// POST /api/account/marketing — give or withdraw 마케팅 정보 수신 (a new consent-log row)
export const POST = route.customer(
  async (request, { user }) => {
    const answer = await readJson(request, marketingChangeSchema);
    await changeMarketingConsent(user.id, answer, consentClientOf(request));
    return Response.json({ agreed: answer.agreed }, { status: 201 });
  },
  { sameOrigin: true },
);

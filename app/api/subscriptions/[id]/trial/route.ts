import { z } from 'zod';
import { consentClientOf } from '@/lib/consents';
import { readJson } from '@/lib/http';
import { route } from '@/lib/routes';
import { decideTrial, subscriptionIdFrom, subscriptionOverview } from '@/lib/subscriptions';

const decisionBody = z
  .object({
    decision: z.enum(['convert', 'end'], { error: '‘convert’ 또는 ‘end’여야 합니다.' }),
    /** The SHA-256 of the terms the page showed: a conversion is agreed only to what was shown. */
    textSha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/, '형식이 올바르지 않습니다.')
      .optional(),
  })
  .strict();

// POST /api/subscriptions/{id}/trial — the answer to a free trial's conversion: 유료 전환에 동의 or 체험만 하고 종료
export const POST = route.customer(
  async (request, { user, params }) => {
    const { decision, textSha256 } = await readJson(request, decisionBody);
    await decideTrial(user, params.id, decision, { textSha256, client: consentClientOf(request) });
    return Response.json({ subscriptions: await subscriptionOverview(user.id) });
  },
  { sameOrigin: true, params: { id: subscriptionIdFrom } },
);

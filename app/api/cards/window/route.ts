import { requireUserFrom } from '@/lib/accounts/current-user';
import { startWindowRegistration } from '@/lib/cards/register-in-window';
import { route } from '@/lib/http/handler';

// POST /api/cards/window — mint a customer_uid for this user and the params for IMP.request_pay
export const POST = route(
  async (request) => {
    const user = await requireUserFrom(request);
    return Response.json({ registration: await startWindowRegistration(user) }, { status: 201 });
  },
  { sameOrigin: true },
);

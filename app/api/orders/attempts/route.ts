import { requireUserFrom } from '@/lib/accounts/current-user';
import { route } from '@/lib/http/handler';
import { findAttempts } from '@/lib/orders/attempts';
import { attemptKeysQuery } from '@/lib/orders/requests';

// GET /api/orders/attempts?key=… — the orders of this browser's open attempt keys, settled from the service
export const GET = route(async (request) => {
  const user = await requireUserFrom(request);
  const keys = attemptKeysQuery(new URL(request.url).searchParams.getAll('key'));
  return Response.json({ attempts: await findAttempts(user, keys) });
});

import { attemptKeysQuery, findAttempts } from '@/lib/orders';
import { route } from '@/lib/routes';

// GET /api/orders/attempts?key=… — the orders of this browser's open attempt keys, settled from the service
export const GET = route.customer(async (request, { user }) => {
  const keys = attemptKeysQuery(new URL(request.url).searchParams.getAll('key'));
  return Response.json({ attempts: await findAttempts(user, keys) });
});

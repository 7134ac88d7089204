import { orderHistoryJson } from '@/lib/orders';
import { route } from '@/lib/routes';

// GET /api/orders — the signed-in customer's orders, newest first (pending ones looked up on the way)
export const GET = route.customer(async (_request, { user }) => {
  return new Response(`{"orders":${await orderHistoryJson(user.id)}}`, {
    headers: { 'content-type': 'application/json' },
  });
});

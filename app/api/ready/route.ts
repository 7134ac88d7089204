import { readiness } from '@/lib/health';
import { route } from '@/lib/routes';

export const dynamic = 'force-dynamic';

// GET /api/ready — readiness: the database answers, every bundled migration is applied, and the
// payment service answers a token request; 503 naming the failed check otherwise
export const GET = route(async () => {
  const result = await readiness();
  return Response.json(result, {
    status: result.ready ? 200 : 503,
    headers: { 'cache-control': 'no-store', ...(!result.ready && { 'retry-after': '5' }) },
  });
});

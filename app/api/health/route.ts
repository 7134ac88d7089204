import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { AppError } from '@/lib/http';
import { route } from '@/lib/routes';

export const dynamic = 'force-dynamic';

// GET /api/health — liveness plus a round trip to the database. Through the wrapper like every
// route (request id, headers, access line), its successes logged at debug: probes call it often.
export const GET = route(
  async () => {
    try {
      await (await getDb()).execute(sql`select 1`);
    } catch {
      throw new AppError(503, 'database_unavailable', '데이터베이스에 연결할 수 없습니다.');
    }
    return Response.json({ ok: true });
  },
  { quiet: true },
);

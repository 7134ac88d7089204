import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { requestIdOf, withApiHeaders } from '@/lib/routes';

export const dynamic = 'force-dynamic';

// GET /api/health — liveness plus a round trip to the database (not logged: probes call it every few seconds)
export async function GET(request: Request) {
  const requestId = requestIdOf(request);
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return withApiHeaders(Response.json({ ok: true }), requestId);
  } catch {
    return withApiHeaders(
      Response.json(
        { ok: false, error: { code: 'database_unavailable', message: 'database unreachable' } },
        { status: 503 },
      ),
      requestId,
    );
  }
}

import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';

export const dynamic = 'force-dynamic';

// GET /api/health — liveness plus a round trip to the database
export async function GET() {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return Response.json({ ok: true });
  } catch {
    return Response.json(
      { ok: false, error: { code: 'database_unavailable', message: 'database unreachable' } },
      { status: 503 },
    );
  }
}

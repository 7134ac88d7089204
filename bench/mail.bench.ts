// The mail worker at scale: 10,000 renewal reminders fall due at once and are sent over real SMTP
// to the mail catcher (a local SMTP server on a free port). Each reminder belongs to its own
// customer and live subscription, so the worker's checks (still wanted?) and lookups run for each.
// Reports the time and that every reminder arrived exactly once. The embedded server on a temporary directory;
// with DATABASE_URL set, that PostgreSQL database (two workers share the outbox, as two instances).
// Target: 10,000 sent, each once, in under 120 s on a 2-core machine.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { connectPool, type Db } from '@/lib/db/connection';
import { sendDueMail } from '@/lib/mailroom/worker';
import { startEmbeddedServer } from '../lib/db/embedded/server';
import { migrate } from '../lib/db/migrate';
import * as schema from '../lib/db/schema';
import { createMailTransport } from '../lib/mail/transport';
import { startMailCatcher } from '../mail-catcher/catcher';
import { setOverride } from '../test/kits/overrides';

const COUNT = 10_000;
const CHUNK = 500;
const NOW = 1_800_000_000;
const LIMIT_MS = 120_000;

/** DATABASE_URL, or a fresh embedded server on a temporary directory; reached with pg either way. */
async function openDb(): Promise<{ db: Db; engine: string; close(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  const dir = url ? undefined : mkdtempSync(path.join(tmpdir(), 'bench-mail-'));
  const server = dir ? await startEmbeddedServer(dir, 0, 'npm run bench -- mail') : undefined;
  const handle = await connectPool(server?.url ?? (url as string));
  await migrate(handle.pool);
  return {
    db: handle.db,
    engine: server ? 'PGlite (embedded server)' : 'PostgreSQL',
    close: async () => {
      await handle.close();
      await server?.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function seed(db: Db, run: string) {
  for (let start = 0; start < COUNT; start += CHUNK) {
    const ids = Array.from({ length: Math.min(CHUNK, COUNT - start) }, (_, i) => start + i);
    const users = await db
      .insert(schema.users)
      .values(
        ids.map((i) => ({
          email: `bench-${run}-${i}@example.com`,
          passwordHash: 'x',
          name: '벤치',
          birthday: '1990-01-01',
          gender: 'male' as const,
          uniqueKeyHash: `${run}-${i}`,
          uniqueInSite: `${run}-${i}`,
          certifiedAt: NOW,
        })),
      )
      .returning({ id: schema.users.id });
    const cards = await db
      .insert(schema.cards)
      .values(users.map((u) => ({ userId: u.id, customerUid: `cus_${randomUUID()}`, status: 'active' as const })))
      .returning({ id: schema.cards.id, userId: schema.cards.userId });
    const renewAt = NOW + 3 * 86_400;
    const subscriptions = await db
      .insert(schema.subscriptions)
      .values(
        cards.map((card) => ({
          userId: card.userId,
          planId: 'monthly-beans',
          planName: '월간 원두 정기배송',
          amount: 19_900,
          cardId: card.id,
          status: 'active' as const,
          currentPeriodStart: NOW - 27 * 86_400,
          currentPeriodEnd: renewAt,
          idempotencyKey: randomUUID(),
        })),
      )
      .returning();
    await db.insert(schema.mailOutbox).values(
      subscriptions.map((s) => ({
        kind: 'renewal_reminder' as const,
        subject: s.id,
        occasion: String(renewAt),
        userId: s.userId,
        dueAt: NOW,
        payload: { planName: s.planName, amount: s.amount, renewAt, subscriptionId: s.id },
      })),
    );
  }
}

const catcher = await startMailCatcher();
setOverride('mailTransport', createMailTransport(`smtp://127.0.0.1:${catcher.smtpPort}`));
const { db, engine, close } = await openDb();
const run = randomUUID().slice(0, 8);
const seeding = performance.now();
await seed(db, run);
console.log(
  `seeded ${COUNT} customers, subscriptions and due reminders on ${engine} in ${Math.round(performance.now() - seeding)} ms`,
);

const started = performance.now();
// On PostgreSQL two workers share the outbox (FOR UPDATE SKIP LOCKED), as two app instances would.
const workers = engine === 'PostgreSQL' ? 2 : 1;
const reports = await Promise.all(
  Array.from({ length: workers }, () => sendDueMail({ now: NOW, batch: 200, concurrency: 10, db })),
);
const elapsed = performance.now() - started;

const mine = catcher.messages().filter((mail) => mail.to[0]?.startsWith(`bench-${run}-`));
const distinct = new Set(mine.map((mail) => mail.to[0])).size;
const sent = reports.reduce((sum, report) => sum + report.sent, 0);
console.log(
  `mail: ${COUNT} due reminders, ${workers} worker(s): ${sent} sent in ${Math.round(elapsed)} ms (${Math.round((sent / elapsed) * 1000)}/s); caught ${mine.length}, ${distinct} distinct recipients`,
);
const ok = sent === COUNT && mine.length === COUNT && distinct === COUNT && elapsed < LIMIT_MS;
if (!ok) console.error(`FAILED: expected ${COUNT} sent and caught once each within ${LIMIT_MS} ms`);
await close();
await catcher.close();
process.exit(ok ? 0 : 1);

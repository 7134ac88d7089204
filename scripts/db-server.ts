// `npm run db`: the embedded database server alone (`npm run dev` and `npm start` start it
// beside the app): PGlite on APP_DATA_DIR/pglite, served over the PostgreSQL protocol on
// 127.0.0.1:DB_PORT. One per directory; Ctrl-C or SIGTERM closes the files cleanly.
// Run with the react-server condition, so lib/env (server-only) loads outside Next.
import path from 'node:path';
import { startEmbeddedServer } from '@/lib/db';
import { env } from '@/lib/env';
import { logFor } from '@/lib/log';

const log = logFor('database');

try {
  const server = await startEmbeddedServer(
    env.APP_DATA_DIR,
    env.DB_PORT,
    'the database server (npm run dev / npm run db)',
  );
  log.info(`database: PGlite in ${path.resolve(env.APP_DATA_DIR, 'pglite')}, ${server.url} (pid ${process.pid})`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void server.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  // A directory in use or damaged, a port taken: the message says what to do; no stack.
  log.error(`database: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

import 'server-only';
import { env } from '@/lib/env';
import { runningServer } from './embedded/server-file';
import { DatabaseUnavailableError } from './errors';

/**
 * Where the database is: DATABASE_URL, or else the embedded server of APP_DATA_DIR as its server
 * file says (so a command in another terminal finds the one `npm run dev` started). Throws
 * DatabaseUnavailableError saying what to do when neither is there.
 */
export function locateDatabase(): string {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  const server = runningServer(env.APP_DATA_DIR);
  if (server?.url) return server.url;
  throw new DatabaseUnavailableError(
    server
      ? `the embedded database for ${env.APP_DATA_DIR} is starting (process ${server.pid})`
      : `no database is running for ${env.APP_DATA_DIR}: start it with npm run dev (or npm run db for the database alone), or set DATABASE_URL`,
  );
}

// The embedded database as a server: PGlite (PostgreSQL compiled to WebAssembly, single-process)
// behind @electric-sql/pglite-socket, which speaks the PostgreSQL wire protocol and multiplexes
// several client connections onto the one PGlite. Every process then reaches the data with `pg`,
// as it reaches PostgreSQL; only this server opens the directory's files.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { ConnectionOrderedQueue } from './ordered-queue';
import { lockDirectory } from './server-file';

export const embeddedUrl = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;

export class DamagedDirectoryError extends Error {
  override name = 'DamagedDirectoryError';
}

export interface ServedDatabase {
  url: string;
  port: number;
  /** Connections open, and protocol messages waiting for their turn on PGlite. */
  stats(): { connections: number; queued: number };
  stop(): Promise<void>;
}

/** Serves an open PGlite on 127.0.0.1 (`port` 0: any free one) until stopped. */
export async function serveDatabase(db: PGlite, port = 0): Promise<ServedDatabase> {
  // A connection beyond the limit is answered with plain text that pg cannot read: keep it high.
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 200 });
  // Its handlers take the queue from this field when a connection arrives; ours keeps each
  // connection's exchange together (see ordered-queue.ts; pinned to pglite-socket 0.2.17).
  Object.assign(server, { queryQueue: new ConnectionOrderedQueue(db) });
  await server.start();
  const bound = Number(server.getServerConn().split(':').pop());
  return {
    url: embeddedUrl(bound),
    port: bound,
    stats: () => {
      const { activeConnections, queuedQueries } = server.getStats();
      return { connections: activeConnections, queued: queuedQueries };
    },
    stop: () => server.stop(),
  };
}

const reason = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\.+$/, '') || 'unknown error';

/**
 * Opens a data directory and proves it readable and writable (a catalogue read and a rolled-back
 * catalogue write), so damaged files are reported here, with what to do, instead of as the first
 * query's failure (`CREATE SCHEMA IF NOT EXISTS "drizzle"`). A directory of the earlier layout
 * (PGlite opened inside the app) is the same format and opens as it is.
 */
export async function openDataDirectory(dir: string): Promise<PGlite> {
  const existed = existsSync(path.join(dir, 'PG_VERSION'));
  mkdirSync(dir, { recursive: true });
  let db: PGlite | undefined;
  try {
    db = await PGlite.create(dir);
    await db.query('select count(*) from pg_catalog.pg_class');
    await db.exec('begin; create schema imp_checkout_probe; rollback');
    return db;
  } catch (error) {
    await db?.close().catch(() => undefined);
    throw new DamagedDirectoryError(
      `cannot open the database in ${dir}: ${reason(error)}.\n` +
        (existed
          ? `Its files are damaged (earlier versions let two processes open them at once). Nothing was changed. Keep a copy (mv ${dir} ${dir}.damaged) and start again with an empty shop, or put back a backup of the directory.`
          : 'Check that the directory is writable and the disk not full.'),
    );
  }
}

/**
 * The embedded database of `appDataDir` (its files in `appDataDir/pglite`), locked to this
 * process and served on `port`. Throws DirectoryInUseError when another process has it,
 * DamagedDirectoryError when its files cannot be opened.
 */
export async function startEmbeddedServer(appDataDir: string, port: number, command: string): Promise<ServedDatabase> {
  const dir = path.resolve(appDataDir, 'pglite');
  mkdirSync(appDataDir, { recursive: true });
  const lock = lockDirectory(appDataDir, dir, command);
  let db: PGlite | undefined;
  try {
    db = await openDataDirectory(dir);
    const served = await serveDatabase(db, port);
    lock.publish(served.url);
    const open = db;
    return {
      ...served,
      async stop() {
        await served.stop();
        await open.close();
        lock.release();
      },
    };
  } catch (error) {
    await db?.close().catch(() => undefined);
    lock.release();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`port ${port} is in use by another program: choose another with DB_PORT`);
    }
    throw error;
  }
}

// The embedded database's server file, beside its data directory: a lock (one server per
// directory, so its files are never opened twice) that also says where the server listens, so a
// command run in another terminal with no configuration finds it.
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { processAlive } from '../../process-alive';

export interface ServerFile {
  pid: number;
  /** What opened the directory: `npm run dev`'s server, or a command that opened it for itself. */
  command: string;
  dir: string;
  startedAt: string;
  /** Set once the server listens. */
  url?: string;
}

export const serverFilePath = (appDataDir: string) => path.resolve(appDataDir, 'pglite-server.json');

export class DirectoryInUseError extends Error {
  override name = 'DirectoryInUseError';
}

function read(file: string): { text: string; server?: ServerFile } | undefined {
  try {
    const text = readFileSync(file, 'utf8');
    try {
      return { text, server: JSON.parse(text) as ServerFile };
    } catch {
      return { text };
    }
  } catch {
    return undefined;
  }
}

/** The server running for this data directory (its process alive), if any. */
export function runningServer(appDataDir: string): ServerFile | undefined {
  const server = read(serverFilePath(appDataDir))?.server;
  return server && processAlive(server.pid) ? server : undefined;
}

export const inUseMessage = (server: ServerFile) =>
  `the database in ${server.dir} is already open by process ${server.pid} (${server.command}${server.url ? `, ${new URL(server.url).host}` : ', starting'}). ` +
  'Use that one — every command finds it by itself — or stop it first (Ctrl-C in its terminal, or ' +
  `kill ${server.pid}); never open the directory twice.`;

/** A file's content written whole under a temporary name, so no reader ever sees half of it. */
function writeWhole(file: string, server: ServerFile): string {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(server, null, 2)}\n`);
  return temporary;
}

export interface DirectoryLock {
  /** Records where the server listens. */
  publish(url: string): void;
  release(): void;
}

/**
 * Takes the directory for this process, or throws DirectoryInUseError naming the process that
 * has it. A file left by a process that is gone (kill -9, a crash, a reboot) is taken over. The
 * file is created by link(2), which fails if it exists: of two processes starting at once, one wins.
 */
export function lockDirectory(appDataDir: string, dir: string, command: string): DirectoryLock {
  const file = serverFilePath(appDataDir);
  const mine: ServerFile = { pid: process.pid, command, dir, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const temporary = writeWhole(file, mine);
    try {
      linkSync(temporary, file);
      unlinkSync(temporary);
      return {
        publish(url) {
          Object.assign(mine, { url });
          renameSync(writeWhole(file, mine), file);
        },
        release() {
          if (read(file)?.server?.pid === process.pid) unlinkSync(file);
        },
      };
    } catch (error) {
      unlinkSync(temporary);
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const found = read(file);
    if (found?.server && processAlive(found.server.pid)) throw new DirectoryInUseError(inUseMessage(found.server));
    // Stale: removed only if unchanged since read (another process may have taken it meanwhile).
    if (found && read(file)?.text === found.text) {
      try {
        unlinkSync(file);
      } catch {}
    }
  }
  throw new DirectoryInUseError(`could not take ${file}: other processes keep creating it`);
}

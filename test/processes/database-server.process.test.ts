// The embedded database server and the commands around it, as processes: one server per data
// directory (a second refuses, naming the first; a dead one's lock is taken over), a command with
// no server running, a wrong DATABASE_URL, a directory of the earlier layout, a damaged one.
import { existsSync, mkdirSync, readFileSync, truncateSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsFolder } from '@/lib/db/migrate';
import { freePort, npmRun, type Running, shellEnv, start, stopGroup, temporaryDirectory, waitFor } from './processes';

const servers: Running[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    stopGroup(server, 'SIGTERM');
    await server.exited;
  }
});

const serverFile = (appDataDir: string) => path.join(appDataDir, 'pglite-server.json');
const readServerFile = (appDataDir: string) =>
  JSON.parse(readFileSync(serverFile(appDataDir), 'utf8')) as { pid: number; url?: string };

/** `npm run db` on a directory; resolves once it listens (its server file has its address). */
async function startServer(appDataDir: string, port: number): Promise<Running> {
  const server = start('npm', ['run', '--silent', 'db'], shellEnv({ APP_DATA_DIR: appDataDir, DB_PORT: String(port) }));
  servers.push(server);
  await waitFor('the database server', () => {
    if (server.child.exitCode !== null) throw new Error(server.output());
    return existsSync(serverFile(appDataDir)) && readServerFile(appDataDir).url?.endsWith(`:${port}/postgres`);
  });
  return server;
}

const noStackTrace = (output: string) => expect(output).not.toMatch(/^\s+at /m);

describe('one server per data directory', () => {
  it('a second server on the same directory refuses at once, naming the first (pid, port) and what to do', async () => {
    const appDataDir = path.join(temporaryDirectory(), 'app');
    const port = await freePort();
    await startServer(appDataDir, port);
    const { pid } = readServerFile(appDataDir);

    const second = await npmRun(
      'db',
      [],
      shellEnv({ APP_DATA_DIR: appDataDir, DB_PORT: String(await freePort()) }),
      60_000,
    );
    expect(second.status).toBe(1);
    expect(second.output).toContain(`already open by process ${pid}`);
    expect(second.output).toContain(`127.0.0.1:${port}`);
    expect(second.output).toMatch(/stop it first/);
    noStackTrace(second.output);
    // The first still serves, and its lock is still its own.
    expect(readServerFile(appDataDir).pid).toBe(pid);
    const listed = await npmRun('operators', ['list'], shellEnv({ APP_DATA_DIR: appDataDir }));
    expect(listed.status, listed.output).toBe(0);
  });

  it('the lock of a server that was killed (kill -9) is taken over, and its data is there', async () => {
    const appDataDir = path.join(temporaryDirectory(), 'app');
    const port = await freePort();
    const first = await startServer(appDataDir, port);
    const env = shellEnv({ APP_DATA_DIR: appDataDir });
    expect((await npmRun('operators', ['add', 'kim@shop.example', '--role', 'viewer'], env)).status).toBe(0);
    process.kill(readServerFile(appDataDir).pid, 'SIGKILL');
    await first.exited;
    expect(existsSync(serverFile(appDataDir))).toBe(true); // left behind

    await startServer(appDataDir, port);
    const listed = await npmRun('operators', ['list'], env);
    expect(listed.output).toContain('kim@shop.example\tviewer');
  });
});

describe('commands with no database running', () => {
  it('a short command opens the embedded database itself for its run, and closes it', async () => {
    const appDataDir = path.join(temporaryDirectory(), 'app');
    const added = await npmRun(
      'operators',
      ['add', 'lee@shop.example', '--role', 'admin'],
      shellEnv({ APP_DATA_DIR: appDataDir }),
    );
    expect(added.status, added.output).toBe(0);
    expect(added.output).toContain('no database server was running');
    expect(existsSync(serverFile(appDataDir))).toBe(false);
  });

  it('npm run jobs waits for the database, then says to start it — one line, no stack trace', async () => {
    const appDataDir = path.join(temporaryDirectory(), 'app');
    const jobs = await npmRun('jobs', [], shellEnv({ APP_DATA_DIR: appDataDir, DB_WAIT_MS: '1000' }));
    expect(jobs.status).toBe(1);
    expect(jobs.output).toContain(`no database is running for ${appDataDir}: start it with npm run dev`);
    noStackTrace(jobs.output);
  });

  it('a wrong DATABASE_URL: one line naming it', async () => {
    const url = `postgres://postgres@127.0.0.1:${await freePort()}/nowhere`;
    const listed = await npmRun('operators', ['list'], shellEnv({ DATABASE_URL: url }));
    expect(listed.status).toBe(1);
    expect(listed.output).toContain(`operators: no database answers at ${url}`);
    noStackTrace(listed.output);
  });
});

describe('data directories from before', () => {
  it('a directory of the earlier layout (PGlite opened inside the app) opens with the server, its data intact', async () => {
    const appDataDir = path.join(temporaryDirectory(), 'app');
    mkdirSync(path.join(appDataDir, 'pglite'), { recursive: true });
    const old = new PGlite(path.join(appDataDir, 'pglite'));
    await migrate(drizzle(old), { migrationsFolder });
    await old.query(`insert into operators (email, password_hash, role) values ('park@shop.example', 'x', 'refunder')`);
    await old.close();

    await startServer(appDataDir, await freePort());
    const listed = await npmRun('operators', ['list'], shellEnv({ APP_DATA_DIR: appDataDir }));
    expect(listed.status, listed.output).toBe(0);
    expect(listed.output).toContain('park@shop.example\trefunder');
  });

  it('a damaged directory is reported with what to do, not as a failed query', async () => {
    const appDataDir = path.join(temporaryDirectory(), 'app');
    const dir = path.join(appDataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    const made = new PGlite(dir);
    await made.query('select 1');
    await made.close();
    truncateSync(path.join(dir, 'base', '5', '1259'), 0); // pg_class, the catalogue of tables

    const server = await npmRun('db', [], shellEnv({ APP_DATA_DIR: appDataDir, DB_PORT: String(await freePort()) }));
    expect(server.status).toBe(1);
    expect(server.output).toContain(`cannot open the database in ${dir}`);
    expect(server.output).toContain(`mv ${dir} ${dir}.damaged`);
    expect(server.output).not.toContain('CREATE SCHEMA');
    noStackTrace(server.output);
    expect(existsSync(serverFile(appDataDir))).toBe(false);
  });
});

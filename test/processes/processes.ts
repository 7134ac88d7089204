// Process tests: the shop's processes started as a merchant starts them (`npm run dev`'s runner in
// start mode over the production build, `npm run <command>` in "another terminal"), talked to over
// real HTTP and SMTP, stopped with the signals Ctrl-C sends. Each test gets free ports and its own
// temporary data directory.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { afterAll, afterEach } from 'vitest';

export const ROOT = path.join(import.meta.dirname, '..', '..');

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const temporaryDirectory = () => mkdtempSync(path.join(tmpdir(), 'imp-processes-'));

/** The environment a merchant's shell has: Vitest's own variables left out. */
export function shellEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  for (const name of Object.keys(env)) if (name === 'NODE_ENV' || name.startsWith('VITEST')) delete env[name];
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

export interface Running {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
}

/** Starts a process in its own group, keeping what it prints (for the assertions and for failures). */
export function start(command: string, args: string[], env: NodeJS.ProcessEnv): Running {
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return { child, output: () => output, exited };
}

/** A binary of the project's own (`next`, `tsx`). */
export const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

/** `next start` on the production build, at `port`. */
export const startNextApp = (port: number, env: NodeJS.ProcessEnv) =>
  start(bin('next'), ['start', '--port', String(port)], env);

/** The embedded database server (`npm run db`, scripts/db-server.ts) with `env`'s DB_PORT and APP_DATA_DIR. */
export const startDatabaseServer = (env: NodeJS.ProcessEnv) =>
  start(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/db-server.ts'], env);

/**
 * A list for the processes a test file starts: after each test or after them all (`hook`), each
 * still there is stopped with SIGTERM, the last started first, and waited for.
 */
export function stoppedAfter(hook: typeof afterAll | typeof afterEach): Running[] {
  const started: Running[] = [];
  hook(async () => {
    for (const child of started.splice(0).reverse()) {
      stopGroup(child, 'SIGTERM');
      await child.exited;
    }
  });
  return started;
}

/**
 * A long-running `npm run <script>` (as package.json spells it) without npm around it: Ctrl-C
 * reaches npm too, which then ends by the signal itself; the test wants the script's own status.
 */
export function startScript(script: string, env: NodeJS.ProcessEnv): Running {
  const scripts = (
    JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  const [command = '', ...args] = (scripts[script] ?? '').split(' ');
  return start(command === 'node' ? process.execPath : path.join(ROOT, 'node_modules', '.bin', command), args, env);
}

/** `npm run <script> -- args` to its end: its status and what it printed. */
export async function npmRun(script: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 120_000) {
  const run = start('npm', ['run', '--silent', script, '--', ...args], env);
  const timer = setTimeout(() => stopGroup(run, 'SIGKILL'), timeoutMs);
  const status = await run.exited;
  clearTimeout(timer);
  return { status, output: run.output() };
}

export function stopGroup(running: Running, signal: NodeJS.Signals = 'SIGINT') {
  try {
    if (running.child.pid) process.kill(-running.child.pid, signal);
  } catch {}
}

/** Polls `check` until it answers something truthy; fails naming `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T> | T,
  timeoutMs = 120_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? ` (${String(last)})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export const answers = async (url: string) => (await fetch(url, { signal: AbortSignal.timeout(5_000) })).ok;

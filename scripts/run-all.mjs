// `npm run dev` / `npm start`: the embedded database server, the emulator, the mail catcher and the
// Next app together; one Ctrl-C stops them all. The database server is started again if it dies
// (the app answers 503 meanwhile); any other process stopping stops the rest.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const mode = process.argv[2] === 'start' ? 'start' : 'dev';
const bin = (name) => path.join('node_modules', '.bin', name);
const appPort = process.env.PORT ?? '3000';
const emulatorPort = process.env.EMULATOR_PORT ?? '4010';
const emulatorUrl = `http://127.0.0.1:${emulatorPort}`;
const isLoopback = (url) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
// Pointing IMP_API_URL at the real service means there is no emulator to start.
const withEmulator = !process.env.IMP_API_URL || isLoopback(process.env.IMP_API_URL);
// Likewise a real SMTP server in SMTP_URL means there is no mail catcher to start.
const withMailCatcher = !process.env.SMTP_URL;
const smtpPort = process.env.MAIL_CATCHER_SMTP_PORT ?? '1025';
const mailWebPort = process.env.MAIL_CATCHER_WEB_PORT ?? '1080';
// DATABASE_URL means PostgreSQL: there is no embedded database server to start.
const withDatabase = !process.env.DATABASE_URL;
const dbPort = process.env.DB_PORT ?? '5433';

const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  ...(withEmulator && {
    IMP_API_URL: process.env.IMP_API_URL ?? emulatorUrl,
    NEXT_PUBLIC_IMP_SCRIPT_URL: process.env.NEXT_PUBLIC_IMP_SCRIPT_URL ?? `${emulatorUrl}/v1/iamport.js`,
    EMULATOR_PORT: emulatorPort,
    EMULATOR_CALLBACK_URL: process.env.EMULATOR_CALLBACK_URL ?? `http://127.0.0.1:${appPort}/api/webhooks/iamport`,
  }),
  ...(withMailCatcher && {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_CATCHER_SMTP_PORT: smtpPort,
    MAIL_CATCHER_WEB_PORT: mailWebPort,
  }),
  APP_URL: process.env.APP_URL ?? `http://localhost:${appPort}`,
  DB_PORT: dbPort,
  // Absolute: the standalone server (start mode) runs in .next/standalone, the database server here.
  APP_DATA_DIR: path.resolve(process.env.APP_DATA_DIR ?? '.data/app'),
};

// What this runner started, for the commands run in another terminal (lib/running-shop.ts reads it):
// only the local processes' URLs, never a real service's address or an SMTP password.
const shopFile = path.join(env.APP_DATA_DIR, 'running-shop.json');
function publishShop() {
  const variables = {
    ...(withEmulator && { IMP_API_URL: env.IMP_API_URL, NEXT_PUBLIC_IMP_SCRIPT_URL: env.NEXT_PUBLIC_IMP_SCRIPT_URL }),
    ...(withMailCatcher && { SMTP_URL: env.SMTP_URL }),
    APP_URL: env.APP_URL,
  };
  mkdirSync(env.APP_DATA_DIR, { recursive: true });
  writeFileSync(`${shopFile}.${process.pid}.tmp`, `${JSON.stringify({ pid: process.pid, variables }, null, 2)}\n`);
  renameSync(`${shopFile}.${process.pid}.tmp`, shopFile);
}
function unpublishShop() {
  try {
    if (JSON.parse(readFileSync(shopFile, 'utf8')).pid === process.pid) unlinkSync(shopFile);
  } catch {}
}

const children = [];
let stopping = false;

function run(name, command, args, { restart, extraEnv } = {}) {
  const child = spawn(command, args, { env: { ...env, ...extraEnv }, stdio: 'inherit', detached: true });
  children.push(child);
  child.on('exit', (code, signal) => {
    children.splice(children.indexOf(child), 1);
    if (stopping) return;
    if (restart?.(code, signal)) return;
    console.error(`${name} stopped (${signal ?? `exit ${code}`}); stopping the rest.`);
    stop(code ?? 1);
  });
  return child;
}

/** Resolves once something accepts connections on the port (the database server is up). */
function listening(port, child) {
  return new Promise((resolve) => {
    const attempt = () => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(false);
      const socket = net.connect({ host: '127.0.0.1', port: Number(port) });
      socket.once('connect', () => resolve(socket.end() && true));
      socket.once('error', () => setTimeout(attempt, 200));
    };
    attempt();
  });
}

const restarts = [];
let database;
function runDatabase() {
  let up = false;
  // One process (node with tsx's loader, not the tsx wrapper): the pid in its server file is this child.
  const child = run(
    'database',
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'scripts/db-server.ts'],
    {
      // A server that was up and died (killed, crashed) is started again, at most 5 times a minute;
      // one that could not start (directory in use or damaged, port taken) has said why: stop.
      restart: (code, signal) => {
        const now = Date.now();
        while (restarts.length && restarts[0] < now - 60_000) restarts.shift();
        if (!up || restarts.length >= 5) return false;
        restarts.push(now);
        console.error(`database stopped (${signal ?? `exit ${code}`}); starting it again.`);
        runDatabase();
        return true;
      },
    },
  );
  database = child;
  listening(dbPort, child).then((ok) => {
    up = ok;
  });
}

const ended = (child) => child.exitCode !== null || child.signalCode !== null;
const exit = (child) => (ended(child) ? null : new Promise((resolve) => child.on('exit', resolve)));
function terminate(child) {
  if (ended(child)) return;
  try {
    process.kill(-child.pid, 'SIGTERM'); // the child's own process group: next spawns workers
  } catch {}
}

function stop(code = 0) {
  stopping = true;
  unpublishShop();
  // The database last: the app finishes its requests and closes its connections first.
  const others = children.filter((child) => child !== database);
  for (const child of others) terminate(child);
  Promise.all(others.map(exit))
    .then(() => {
      if (database) terminate(database);
      return database && exit(database);
    })
    .then(() => process.exit(code));
  // Give them a moment to close cleanly, then make sure nothing is left behind.
  setTimeout(() => {
    for (const child of children) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }
    process.exit(code);
  }, 15_000).unref();
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

publishShop();
if (withDatabase) runDatabase();
if (withEmulator) run('emulator', bin('tsx'), ['emulator/main.ts']);
if (withMailCatcher) run('mail catcher', bin('tsx'), ['mail-catcher/main.ts']);
// Start mode runs the app as a deployment does (`npm run start:app`, README "Deploy"): the
// standalone server `npm run build` made, which migrates the database at start.
if (mode === 'start') {
  if (!existsSync('.next/standalone/server.js')) {
    console.error('No standalone build in .next/standalone: run `npm run build` first (npm start does).');
    stop(1);
  } else {
    run('app', process.execPath, ['.next/standalone/server.js'], { extraEnv: { PORT: appPort, HOSTNAME: '0.0.0.0' } });
  }
} else run('app', bin('next'), ['dev', '--port', appPort]);

console.log(
  [
    '',
    `  app        http://localhost:${appPort}`,
    withEmulator
      ? `  emulator   ${emulatorUrl}  (dashboard ${emulatorUrl}/__emulator/)`
      : `  service    ${env.IMP_API_URL}`,
    withMailCatcher
      ? `  mail       http://127.0.0.1:${mailWebPort}  (caught mail; SMTP 127.0.0.1:${smtpPort})`
      : `  mail       ${new URL(env.SMTP_URL).host}`,
    withDatabase
      ? `  database   postgres://postgres@127.0.0.1:${dbPort}/postgres  (embedded PGlite in ${env.APP_DATA_DIR ?? '.data/app'}/pglite)`
      : '  database   DATABASE_URL (PostgreSQL)',
    '  Ctrl-C stops them all.',
    '',
  ].join('\n'),
);

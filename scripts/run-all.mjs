// `npm run dev` / `npm start`: the emulator, the mail catcher and the Next app together; one Ctrl-C
// stops them all.
import { spawn } from 'node:child_process';
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
};

const children = [];
let stopping = false;

function run(name, command, args) {
  const child = spawn(command, args, { env, stdio: 'inherit', detached: true });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} stopped (${signal ?? `exit ${code}`}); stopping the rest.`);
    stop(code ?? 1);
  });
  return child;
}

function stop(code = 0) {
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM'); // the child's own process group: next spawns workers
      } catch {}
    }
  }
  // Give Next and the emulator a moment to close cleanly, then make sure nothing is left behind.
  setTimeout(() => {
    for (const child of children) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }
    process.exit(code);
  }, 5000).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null))).then(() =>
    process.exit(code),
  );
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

if (withEmulator) run('emulator', bin('tsx'), ['emulator/main.ts']);
if (withMailCatcher) run('mail catcher', bin('tsx'), ['mail-catcher/main.ts']);
run('app', bin('next'), [mode, '--port', appPort]);

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
    '  Ctrl-C stops them all.',
    '',
  ].join('\n'),
);

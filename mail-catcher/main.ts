// `tsx mail-catcher/main.ts`: the local mail catcher on MAIL_CATCHER_SMTP_PORT (1025) and
// MAIL_CATCHER_WEB_PORT (1080), loopback only.
import { startMailCatcher } from './catcher';

// A bad setting or a port in use is one line and exit 1, never a stack trace.
const fail = (message: string): never => {
  console.error(`mail catcher: ${message}`);
  process.exit(1);
};

const port = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65_535)
    fail(`${name} must be a port number, got "${process.env[name]}"`);
  return value;
};

const smtpPort = port('MAIL_CATCHER_SMTP_PORT', 1025);
const webPort = port('MAIL_CATCHER_WEB_PORT', 1080);
const catcher = await startMailCatcher({ smtpPort, webPort }).catch((error: NodeJS.ErrnoException) =>
  error.code === 'EADDRINUSE'
    ? fail(
        `a port is in use (SMTP ${smtpPort}, inbox ${webPort}): is another mail catcher (npm run dev) running? MAIL_CATCHER_SMTP_PORT and MAIL_CATCHER_WEB_PORT move it`,
      )
    : Promise.reject(error),
);
console.log(`mail catcher: SMTP 127.0.0.1:${catcher.smtpPort}, inbox ${catcher.url}`);
const stop = () => void catcher.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

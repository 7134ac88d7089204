// `tsx mail-catcher/main.ts`: the local mail catcher on MAIL_CATCHER_SMTP_PORT (1025) and
// MAIL_CATCHER_WEB_PORT (1080), loopback only.
import { startMailCatcher } from './catcher';

const port = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65_535) throw new Error(`${name}: expected a port number`);
  return value;
};

const catcher = await startMailCatcher({
  smtpPort: port('MAIL_CATCHER_SMTP_PORT', 1025),
  webPort: port('MAIL_CATCHER_WEB_PORT', 1080),
});
console.log(`mail catcher: SMTP 127.0.0.1:${catcher.smtpPort}, inbox ${catcher.url}`);
const stop = () => void catcher.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

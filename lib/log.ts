import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import path from 'node:path';
import pino, { type DestinationStream, type Logger } from 'pino';
import { describeError } from '@/lib/describe-error';
import { env } from '@/lib/env';

/**
 * The one logger of the app, the worker and the commands: JSON lines on stdout (pretty in
 * development), each with the request id of the request it belongs to. Keys that hold secrets are
 * redacted wherever they appear (one level deep); messages never quote them — callers log ids and
 * counts, never a body, a card number, a token or an identity hash.
 */
const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `work` with `requestId` on every line logged inside it (awaits included). */
export const withRequestId = <T>(requestId: string, work: () => T): T => requestContext.run({ requestId }, work);

export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;

const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'secret',
  'imp_secret',
  'token',
  'access_token',
  'authorization',
  'cookie',
  'set-cookie',
  'card_number',
  'cardNumber',
  'pwd_2digit',
  'birth',
  'unique_key',
  'unique_in_site',
  'ci',
  'di',
  'identityHash',
];
export const REDACTED_PATHS = [...SECRET_KEYS, ...SECRET_KEYS.map((key) => `*.${key}`), 'req.headers.cookie'];

/** In development, pino-pretty (a dev dependency) when installed; JSON otherwise. Writes are synchronous, so nothing is lost at exit. */
function destination(): DestinationStream {
  if (env.NODE_ENV === 'development') {
    try {
      const pretty = createRequire(path.join(process.cwd(), 'package.json'))('pino-pretty') as (
        options: object,
      ) => DestinationStream;
      return pretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
    } catch {}
  }
  return pino.destination({ dest: 1, sync: true });
}

/**
 * An error as a log line may hold it. A failed query (Drizzle's error, or one wrapping it) is
 * described by its SQL, code and constraint only: its message and stack quote the parameters
 * (emails, password and identity hashes). Any other error keeps pino's usual fields.
 */
export function safeError(error: unknown): object {
  const described = describeError(error);
  if (described.startsWith('database query failed: ')) {
    return { type: error instanceof Error ? error.name : typeof error, message: described };
  }
  return error instanceof Error ? pino.stdSerializers.err(error) : { message: String(error) };
}

export const log: Logger = pino(
  {
    level: env.LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    base: { pid: process.pid },
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
    serializers: { err: safeError },
  },
  destination(),
);

/** A part's logger: `component` on each line (mail, reconciliation, jobs…). */
export const logFor = (component: string): Logger => log.child({ component });

import 'server-only';

/**
 * The constraint a unique violation (SQLSTATE 23505) hit, or undefined for any other error.
 * Drizzle wraps driver errors, so the cause chain is searched; pg and PGlite both expose
 * `code` and `constraint`.
 */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  for (let current = error; current instanceof Error || isRecord(current); current = cause(current)) {
    if (isRecord(current) && current.code === '23505') {
      return typeof current.constraint === 'string' ? current.constraint : '';
    }
  }
  return undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const cause = (value: unknown) => (isRecord(value) ? value.cause : undefined);

/**
 * An error as it may be logged: what failed, never the values. A failed query names its SQL (with
 * placeholders) and the driver's code, constraint and message; its parameters (emails, password
 * and identity hashes) and the driver's `detail` (which quotes the offending values) are left out,
 * as is any stack (a query error's first line carries the parameters).
 */

/** No database answers: none is running, it is restarting, or DATABASE_URL names none. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

// Node's socket errors, pg's own connection messages, and SQLSTATE classes 08 (connection
// exception), 57P (the server shutting down or starting), 53300 (too many connections), 28
// (authentication) and 3D000 (no such database: DATABASE_URL names none).
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const PG_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Cannot use a pool after calling end/;

/** Whether an error (or one it wraps) says the database cannot be reached, rather than a query failed. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error; isRecord(current); current = cause(current)) {
    if (current instanceof DatabaseUnavailableError) return true;
    const code = typeof current.code === 'string' ? current.code : '';
    if (SOCKET_CODES.has(code) || /^(08|57P|28)/.test(code) || code === '53300' || code === '3D000') {
      return code !== '08P01'; // a protocol violation is a bug, not an outage
    }
    if (typeof current.message === 'string' && PG_MESSAGES.test(current.message)) return true;
  }
  return false;
}

/** What an unreachable database's error says at its root (the driver's words, never a query's parameters). */
export function rootMessage(error: unknown): string {
  let root = error;
  while (isRecord(root) && isRecord(root.cause)) root = root.cause;
  if (!(root instanceof Error)) return String(root);
  const { code } = root as NodeJS.ErrnoException;
  return root.message || code || root.name;
}

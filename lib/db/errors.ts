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
export function describeError(error: unknown): string {
  for (let current = error; isRecord(current); current = cause(current)) {
    if (typeof current.query === 'string' && 'params' in current) {
      const driver = isRecord(current.cause) ? current.cause : {};
      const parts = [driver.code, driver.constraint, driver.message].filter((part) => typeof part === 'string');
      return `database query failed: ${current.query}${parts.length ? ` (${parts.join(', ')})` : ''}`;
    }
  }
  return error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
}

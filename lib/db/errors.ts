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

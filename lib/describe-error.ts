// Below every layer: the log and the workers describe any error with it, a database query's
// included (drizzle wraps the driver's error as its cause).
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const cause = (value: unknown) => (isRecord(value) ? value.cause : undefined);

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

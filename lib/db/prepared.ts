import 'server-only';
import type { Db } from './connection';

/**
 * A statement built once per database instead of on every call: drizzle does not rebuild its SQL
 * (a measurable part of a request's CPU, see docs/benchmarks.md), and PostgreSQL plans a named
 * statement once per connection. Keyed by the database, so tests that swap it get their own.
 */
export function preparedStatement<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server's admin URL when the run includes PostgreSQL (TEST_POSTGRES=1), else ''. */
    postgresUrl: string;
  }
}

// The process tests run the shop as `npm start` does: over the production build `npm test` makes
// before them (scripts/test.mjs); run alone, `npm run build` first.
export default function setup(project: TestProject) {
  const root = path.join(import.meta.dirname, '..');
  if (!['.next/standalone/server.js', 'dist/commands/jobs.mjs'].every((file) => existsSync(path.join(root, file)))) {
    throw new Error('the process tests need a production build: run `npm run build` first (npm test does)');
  }
  const postgres = process.env.TEST_POSTGRES === '1';
  project.provide(
    'postgresUrl',
    postgres ? (process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test') : '',
  );
}

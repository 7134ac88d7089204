import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const root = import.meta.dirname;
const alias = {
  '@': root,
  'server-only': path.join(root, 'test/empty-module.ts'),
};
const dbTests = ['**/*.db.test.ts'];
const processTests = ['**/*.process.test.ts'];
const ignored = ['node_modules/**', '.next/**', '.data/**', 'e2e/**', 'emulator/dist/**'];
// `npm run test:quick` (TEST_SHARE_MODULES=1) runs the node projects' files one after another in a
// worker's one module graph: each DB file still gets its own database and emulator, but the app's
// modules and PGlite's WASM load once per worker instead of once per file — half the time. The
// whole suite keeps every file apart. (Components stay apart either way: jsdom and the script
// loader's state are per page.)
const isolate = process.env.TEST_SHARE_MODULES !== '1';

const dbProject = (engine: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name: `db:${engine}`,
    isolate,
    include: dbTests,
    exclude: ignored,
    environment: 'node',
    globalSetup: [`test/global-setup-${engine}.ts`],
    setupFiles: ['test/setup-server.ts'],
    // Flows over real HTTP and a real database: on a loaded 2-core machine one takes seconds.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  resolve: { alias },
  test: {
    // Upper bounds, not waits (tests wait for conditions): the first test of a DB file pays for
    // PGlite's start, the migrations and an emulator, ~1 s on an idle machine and over 5 s at load
    // average 11–17 on two cores, where 26 such tests hit the default of 5 s.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default on two cores is one worker; the DB tests wait on the emulator, PostgreSQL and
    // sockets much of the time, so two files at once nearly halve the run (CI stays under 30 min).
    maxWorkers: 2,
    env: {
      SESSION_SECRET: 'vitest-session-secret-0123456789abcdef',
      IDENTITY_HASH_KEY: 'vitest-identity-key-0123456789abcdef',
      OPERATOR_TOKEN: 'vitest-operator-token-0123456789',
      // Tests write the client's address as a proxy would (X-Forwarded-For); lib/http tests turn it off.
      TRUST_PROXY: '1',
    },
    // The Postgres run needs a server (CI and `npm test` on this machine have one at 127.0.0.1:5432).
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          isolate,
          include: ['**/*.test.ts'],
          exclude: [...ignored, ...dbTests, ...processTests],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['**/*.test.tsx'],
          exclude: ignored,
          environment: 'jsdom',
          setupFiles: ['test/setup-components.ts'],
        },
      },
      // TEST_PGLITE=0: the DB tests on PostgreSQL alone (`npm run test:quick` when a server answers).
      ...(process.env.TEST_PGLITE === '0' ? [] : [dbProject('pglite')]),
      ...(process.env.TEST_POSTGRES === '1' ? [dbProject('postgres')] : []),
      // The shop's processes over the production build (test/processes): `npm test` runs them
      // after `next build` with TEST_PROCESSES=1; one file at a time, each starts a whole shop.
      ...(process.env.TEST_PROCESSES === '1'
        ? [
            {
              extends: true,
              test: {
                name: 'processes',
                include: processTests,
                exclude: ignored,
                environment: 'node',
                globalSetup: ['test/global-setup-processes.ts'],
                fileParallelism: false,
                testTimeout: 600_000,
                hookTimeout: 300_000,
              },
            } satisfies TestProjectInlineConfiguration,
          ]
        : []),
    ],
  },
});

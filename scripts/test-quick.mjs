// `npm run test:quick`, the inner loop: every Vitest test but the process tests, with the DB tests on
// one engine — PostgreSQL when a server answers (its native server costs the tests less than half
// PGlite's CPU), else PGlite — and fewer money-model runs. `npm test` runs both engines and all runs.
import { spawnSync } from 'node:child_process';
import { env } from 'node:process';
import { postgresReachable } from './postgres-reachable.mjs';

const postgres = env.TEST_POSTGRES !== '0' && (await postgresReachable());
console.log(`DB tests on ${postgres ? 'PostgreSQL (127.0.0.1:5432)' : 'PGlite (no PostgreSQL answered)'}.`);
const run = spawnSync('node_modules/.bin/vitest', ['run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {
    ...env,
    TEST_POSTGRES: postgres ? '1' : '0',
    TEST_PGLITE: postgres ? '0' : '1',
    TEST_PROCESSES: '0',
    TEST_SHARE_MODULES: '1',
    MODEL_RUNS: env.MODEL_RUNS ?? '8',
    MODEL_OVERLAP_RUNS: env.MODEL_OVERLAP_RUNS ?? '3',
    MODEL_V2_RUNS: env.MODEL_V2_RUNS ?? '5',
    MODEL_V2_OVERLAP_RUNS: env.MODEL_V2_OVERLAP_RUNS ?? '2',
  },
});
process.exit(run.status ?? 1);

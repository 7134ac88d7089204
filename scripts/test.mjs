// `npm test`: type check, lint, Vitest (unit, components, DB on PGlite and Postgres), a production
// build, the process tests over it (Vitest's `processes` project), then Playwright e2e in Chromium
// against that build. Ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { postgresReachable } from './postgres-reachable.mjs';

const reports = '.test-reports';
const bin = (name) => path.join('node_modules', '.bin', name);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const tally = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function step(name, command, args, extraEnv = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) failures.push(name);
  return ok;
}

/** A step that is one check (type check, lint): it counts as one passed or one failed test. */
function check(name, command, args) {
  const ok = step(name, command, args);
  tally[ok ? 'passed' : 'failed'] += 1;
  return ok;
}

/** Adds a runner's JSON report to the tally; a runner that wrote none counts as one failure. */
function count(name, file, read) {
  if (!existsSync(file)) {
    console.log(`${name}: no report at ${file}`);
    tally.failed += 1;
    return;
  }
  const { passed, failed, skipped } = read(JSON.parse(readFileSync(file, 'utf8')));
  tally.passed += passed;
  tally.failed += failed;
  tally.skipped += skipped;
}

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

check('type check', 'sh', ['-c', `${bin('next')} typegen >/dev/null && ${bin('tsc')} --noEmit`]);
check('lint and format', bin('biome'), ['ci', '.']);

// TEST_POSTGRES=1 demands the Postgres run (CI), 0 skips it; unset runs it when a server answers.
if (env.TEST_POSTGRES === undefined) {
  env.TEST_POSTGRES = (await postgresReachable()) ? '1' : '0';
  if (env.TEST_POSTGRES === '0') console.log('\nNo PostgreSQL at 127.0.0.1:5432: DB tests run on PGlite only.');
}
// The process tests need the build: they run after it (below), not here.
step(
  'vitest',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/vitest.json`],
  { TEST_PROCESSES: '0' },
);
const vitestCounts = (r) => ({
  passed: r.numPassedTests,
  // A file that failed with none of its tests failing (an import error, a failing beforeAll or
  // afterAll) counts as one failure, so the line never reads "0 failed" beside a red step.
  failed:
    r.numFailedTests +
    r.testResults.filter((f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed')).length,
  skipped: r.numPendingTests + r.numTodoTests,
});
count('vitest', `${reports}/vitest.json`, vitestCounts);

let chromium;
try {
  chromium = ensureChromium();
} catch (error) {
  console.error(`\n✘ e2e: ${error.message}`);
  failures.push('chromium');
  tally.failed += 1;
}
// The build gets a recognisable secret so the bundle scan (e2e/bundle-secrets.spec.ts) can look for it.
const built =
  step('next build', bin('next'), ['build'], { IMP_SECRET: 'e2e_secret_must_not_ship_9c1f' }) &&
  // The rest of `npm run build`: the standalone server's files and the bundled commands (README "Deploy").
  step('deploy layout', process.execPath, ['scripts/build-deploy.mjs']);
if (built) {
  // The shop's processes over that build (test/processes): the merchant's commands beside the running
  // app on both engines, a database server killed mid-purchase, the data directory's lock.
  step(
    'processes',
    bin('vitest'),
    [
      'run',
      '--project',
      'processes',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/processes.json`,
    ],
    { TEST_PROCESSES: '1' },
  );
  count('processes', `${reports}/processes.json`, vitestCounts);
} else {
  tally.failed += 1;
}
if (chromium && built) {
  step('playwright', bin('playwright'), ['test'], { CHROMIUM_PATH: chromium });
  count('playwright', `${reports}/playwright.json`, (r) => ({
    passed: r.stats.expected + r.stats.flaky,
    // Errors outside tests (a web server that would not start, a broken config) count too.
    failed: r.stats.unexpected + (r.errors?.length ?? 0),
    skipped: r.stats.skipped,
  }));
}

if (tally.skipped) console.log(`\n${tally.skipped} skipped: each skip must say why in its test.`);
if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\n${tally.passed} passed, ${tally.failed} failed`);
process.exit(failures.length || tally.failed ? 1 : 0);

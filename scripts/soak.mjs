// `npm run soak -- --runs N --seed S [--steps M] [--path P] [--postgres] [--overlap K [--overlap-steps L]] [--api v1|v2|both]`:
// the model-based money test (test/money-model) for many more sequences than `npm test` runs, on
// PGlite (or PostgreSQL at 127.0.0.1:5432 with --postgres): N sequences of up to M steps (some of
// them at once), and K schedules of up to L steps that all overlap (`--runs 0 --overlap 2000`: the
// concurrent soak alone), with the shop on PortOne V1, on V2 (money-model-v2.db.test.ts), or each
// in turn (`both`, the default: N and K on each API). Prints the sequences run, the seed, the time and the violations (0, or the
// shrunk failing sequence with its seed and path to replay it: give the same --runs/--overlap split).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

const OPTIONS = {
  runs: { type: 'string', default: '2000' },
  seed: { type: 'string' },
  steps: { type: 'string', default: '25' },
  path: { type: 'string' },
  postgres: { type: 'boolean', default: false },
  overlap: { type: 'string', default: '0' },
  'overlap-steps': { type: 'string', default: '8' },
  api: { type: 'string', default: 'both' },
  help: { type: 'boolean', default: false },
};
const usage =
  'usage: npm run soak -- [--runs N] [--seed S] [--steps M] [--path P] [--postgres] [--overlap K [--overlap-steps L]] [--api v1|v2|both]';
// An option it does not know is the usage and exit 2, not a stack trace.
const { values } = (() => {
  try {
    return parseArgs({ options: OPTIONS });
  } catch (error) {
    console.error(`${error.message}\n${usage}`);
    process.exit(2);
  }
})();
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (!['v1', 'v2', 'both'].includes(values.api)) {
  console.error(`--api: v1, v2 or both\n${usage}`);
  process.exit(2);
}
const onV1 = values.api !== 'v2';
const onV2 = values.api !== 'v1';
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  MODEL_RUNS: onV1 ? values.runs : '0',
  MODEL_MAX_COMMANDS: values.steps,
  MODEL_OVERLAP_RUNS: onV1 ? values.overlap : '0',
  MODEL_V2_RUNS: onV2 ? values.runs : '0',
  MODEL_V2_OVERLAP_RUNS: onV2 ? values.overlap : '0',
  MODEL_OVERLAP_STEPS: values['overlap-steps'],
  ...(values.seed && { MODEL_SEED: values.seed }),
  ...(values.path && { MODEL_PATH: values.path }),
  ...(values.postgres && { TEST_POSTGRES: '1' }),
};
const project = values.postgres ? 'db:postgres' : 'db:pglite';
const vitest = path.join('node_modules', '.bin', 'vitest');
const result = spawnSync(vitest, ['run', '--project', project, 'test/money-model'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);

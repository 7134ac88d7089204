// `npm run soak -- --runs N --seed S [--steps M] [--path P] [--postgres] [--overlap K [--overlap-steps L]]`:
// the model-based money test (test/money-model) for many more sequences than `npm test` runs, on
// PGlite (or PostgreSQL at 127.0.0.1:5432 with --postgres): N sequences of up to M steps (some of
// them at once), and K schedules of up to L steps that all overlap (`--runs 0 --overlap 2000`: the
// concurrent soak alone). Prints the sequences run, the seed, the time and the violations (0, or the
// shrunk failing sequence with its seed and path to replay it: give the same --runs/--overlap split).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '2000' },
    seed: { type: 'string' },
    steps: { type: 'string', default: '25' },
    path: { type: 'string' },
    postgres: { type: 'boolean', default: false },
    overlap: { type: 'string', default: '0' },
    'overlap-steps': { type: 'string', default: '8' },
  },
});
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  MODEL_RUNS: values.runs,
  MODEL_MAX_COMMANDS: values.steps,
  MODEL_OVERLAP_RUNS: values.overlap,
  MODEL_OVERLAP_STEPS: values['overlap-steps'],
  ...(values.seed && { MODEL_SEED: values.seed }),
  ...(values.path && { MODEL_PATH: values.path }),
  ...(values.postgres && { TEST_POSTGRES: '1' }),
};
const project = values.postgres ? 'db:postgres' : 'db:pglite';
const vitest = path.join('node_modules', '.bin', 'vitest');
const result = spawnSync(vitest, ['run', '--project', project, 'test/money-model'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);

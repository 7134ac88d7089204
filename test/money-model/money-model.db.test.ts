// Issues 12 and 31: the randomized model-based test of the whole money path. fast-check generates
// sequences of customer actions, service events (clock, notices delivered once / twice / late /
// out of order / never, faults on again, schedule, unschedule, payments/cancel and reads), operator
// actions and reconciliations — some of them at once (overlap.ts: steps fired together, the same
// request fired several times, the order they start in decided by fc.scheduler()); each runs on the
// real stack. Then reconciliation runs once more without faults, and I1–I14 are checked against the
// emulator's own records. A failure prints the seed, the path and the shrunk command list (replay:
// MODEL_SEED=… MODEL_PATH=… npm run soak). `npm run soak` runs many more (docs/money.md).
import { afterAll, beforeAll, it } from 'vitest';
import { startAppBridge } from '@/test/app-bridge';
import { setupTestDatabase } from '@/test/db';
import type { WebhookReceiver } from '@/test/emulator/kit';
import { consentCommands } from './consent-commands';
import { customerCommands } from './customer-commands';
import { operatorCommands } from './operator-commands';
import { orderCommands } from './order-commands';
import { together } from './overlap';
import { overlapOrderCommands } from './overlap-order-commands';
import { overlapSubscriptionCommands } from './overlap-subscription-commands';
import { owedCommands, owedOverlapCommands } from './owed-commands';
import { regressions } from './regressions';
import { ModelRunner, timeLimit } from './runner';
import { serviceCommands } from './service-commands';
import { shipmentCommands } from './shipment-commands';
import { shopInUse } from './shop-in-use';
import { vbankCommands, vbankOverlapCommands } from './vbank-commands';
import { walletCommands } from './wallet-commands';

const numberOr = (value: string | undefined, fallback: number) => (value === undefined ? fallback : Number(value));
// `npm test` runs 50 sequences and 10 overlap schedules on each engine; the soak runs thousands.
const RUNS = numberOr(process.env.MODEL_RUNS, 50);
const MAX_COMMANDS = numberOr(process.env.MODEL_MAX_COMMANDS, 25);
const OVERLAP_RUNS = numberOr(process.env.MODEL_OVERLAP_RUNS, 10);
const OVERLAP_STEPS = numberOr(process.env.MODEL_OVERLAP_STEPS, 8);
const SEED = process.env.MODEL_SEED === undefined ? undefined : Number(process.env.MODEL_SEED);
const PATH = process.env.MODEL_PATH;

/** Every step of the model, one at a time; another file's commands are added here. */
const steps = [
  ...customerCommands,
  ...serviceCommands,
  ...operatorCommands,
  ...orderCommands,
  ...shipmentCommands,
  ...consentCommands,
  ...vbankCommands,
  ...owedCommands,
  ...walletCommands,
];
/** The same money move fired several times at once. */
const repeated = [
  ...overlapSubscriptionCommands,
  ...overlapOrderCommands,
  ...vbankOverlapCommands,
  ...owedOverlapCommands,
];

const database = setupTestDatabase();
let bridge: WebhookReceiver | undefined;
const runner = new ModelRunner(
  () => database.current().db,
  () => {
    if (!bridge) throw new Error('no bridge');
    return bridge;
  },
);
beforeAll(async () => {
  bridge = await startAppBridge();
});
afterAll(async () => {
  await runner.close();
  await bridge?.close();
});

it.runIf(RUNS > 0)(
  `I1–I14 hold after any sequence of up to ${MAX_COMMANDS} steps, some of them at once (${RUNS} sequences)`,
  () =>
    runner.check({
      name: 'money model',
      commands: [...steps, together(steps)],
      runs: RUNS,
      maxCommands: MAX_COMMANDS,
      seed: SEED,
      path: PATH,
    }),
  timeLimit(RUNS) + 60_000,
);

it.runIf(OVERLAP_RUNS > 0)(
  `I1–I14 hold after any schedule of up to ${OVERLAP_STEPS} overlapping steps in a shop in use (${OVERLAP_RUNS} schedules)`,
  () =>
    runner.check({
      name: 'money model, overlap',
      commands: [together(steps), ...repeated],
      runs: OVERLAP_RUNS,
      maxCommands: OVERLAP_STEPS,
      setup: shopInUse,
      seed: SEED,
      path: PATH,
    }),
  timeLimit(OVERLAP_RUNS) + 60_000,
);

for (const regression of regressions) {
  it(`regression: ${regression.name}`, async () => {
    await runner.runOnce(regression.commands(), regression.setup);
  });
}

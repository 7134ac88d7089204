// Issue 12: the randomized model-based test of the whole money path. fast-check generates
// sequences of customer actions, service events (clock, notices delivered once / twice / late /
// out of order / never, faults on again, schedule, unschedule, payments/cancel and reads) and
// operator reconciliations, and races of browser return, notice and reconciliation decided by
// fc.scheduler(); each runs on the real stack. Then reconciliation runs once more without faults,
// and I1–I9 are checked against the emulator's own records. A failure prints the seed, the path
// and the shrunk command list (replay: MODEL_SEED=… MODEL_PATH=… npm run soak). `npm run soak`
// runs many more (see docs/money.md, "The model-based test").
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAppBridge } from '@/test/app-bridge';
import { setupTestDatabase } from '@/test/db';
import type { WebhookReceiver } from '@/test/emulator/kit';
import { consentCommands } from './consent-commands';
import { customerCommands } from './customer-commands';
import { violations } from './invariants';
import { operatorCommands } from './operator-commands';
import { orderCommands } from './order-commands';
import { serviceCommands } from './service-commands';
import { settleAll } from './settle-all';
import { freshWorld, type World } from './world';

// 50 on each engine (100 in all) keeps each engine within a few minutes on a loaded machine; the soak runs thousands.
const RUNS = Number(process.env.MODEL_RUNS ?? 50);
const MAX_COMMANDS = Number(process.env.MODEL_MAX_COMMANDS ?? 25);
const SEED = process.env.MODEL_SEED === undefined ? undefined : Number(process.env.MODEL_SEED);
const PATH = process.env.MODEL_PATH;
/** Up to 30 s a sequence (a soak of thousands runs for hours on a loaded machine). */
const TIME_LIMIT_MS = Math.max(RUNS * 30_000, 300_000);

const database = setupTestDatabase();
let bridge: WebhookReceiver;
let last: World | undefined;
beforeAll(async () => {
  bridge = await startAppBridge();
});
afterAll(async () => {
  await last?.close();
  await bridge?.close();
});

it(
  `the money invariants I1–I9 hold after any sequence of up to ${MAX_COMMANDS} steps (${RUNS} sequences)`,
  async () => {
    let failed: World | undefined;
    let steps = 0;
    let sequences = 0;
    const started = Date.now();
    const result = await fc.check(
      fc.asyncProperty(
        fc.commands(
          [...customerCommands, ...serviceCommands, ...operatorCommands, ...orderCommands, ...consentCommands],
          {
            maxCommands: MAX_COMMANDS,
            size: 'max',
          },
        ),
        async (commands) => {
          const world = await freshWorld(database.current().db, bridge, last);
          last = world;
          try {
            await fc.asyncModelRun(() => ({ model: {}, real: world }), commands);
            steps += world.log.length;
            sequences += 1;
            if (sequences % 100 === 0)
              console.log(`money model: ${sequences} sequences run, ${((Date.now() - started) / 1000).toFixed(0)} s`);
            await settleAll(world);
            const found = await violations(world);
            if (found.length > 0) throw new Error(`money invariants violated:\n  ${found.join('\n  ')}`);
          } catch (error) {
            failed = world;
            throw error;
          }
        },
      ),
      { numRuns: RUNS, seed: SEED, path: PATH, interruptAfterTimeLimit: TIME_LIMIT_MS },
    );
    console.log(
      `money model: ${result.numRuns} sequences (${steps} steps), seed ${result.seed}, ${((Date.now() - started) / 1000).toFixed(0)} s, ${result.failed ? 'FAILED' : '0 violations'}`,
    );
    if (result.failed) {
      console.error(fc.defaultReportMessage(result));
      const error = result.errorInstance;
      console.error(
        error instanceof Error && error.cause ? `${error.stack}\ncaused by: ${String(error.cause)}` : String(error),
      );
      console.error(`steps of the last failing run:\n  ${failed?.log.join('\n  ')}`);
    }
    expect(result.failed, `seed ${result.seed}, path ${result.counterexamplePath}`).toBe(false);
  },
  TIME_LIMIT_MS + 60_000,
);

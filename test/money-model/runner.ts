// The model-based money test's runner: fast-check generates sequences of commands (each a `Command`
// with check/run on the World: any file's commands plug in unchanged); each sequence runs on the
// real stack from an empty database and a new emulator, then the service is calmed, reconciliation
// settles what is left, and I1–I11 are checked. A failure prints the seed, the path and the shrunk
// command list with the steps of the last failing run. Fixed sequences (regressions) run alone.
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Db } from '@/lib/db/connection';
import type { Api } from '@/lib/provider';
import type { WebhookReceiver } from '@/test/emulator/kit';
import type { MoneyCommand } from './command';
import { violations } from './invariants';
import { settleAll } from './settle-all';
import { freshWorld, type World } from './world';

export interface ModelProperty {
  name: string;
  commands: fc.Arbitrary<MoneyCommand>[];
  runs: number;
  maxCommands: number;
  /** What each run starts from (cards, subscriptions, orders), before its commands. */
  setup?: (world: World) => Promise<void>;
  seed?: number;
  path?: string;
}

/** Up to 30 s a sequence (a soak of thousands runs for hours on a loaded machine). */
export const timeLimit = (runs: number) => Math.max(runs * 30_000, 300_000);

export class ModelRunner {
  private last: World | undefined;

  constructor(
    private readonly db: () => Db,
    private readonly bridge: () => WebhookReceiver,
    /** The API each run's shop is on; the test file sets PORTONE_API to match (test/kits/v2.ts onApi). */
    private readonly api: Api = 'v1',
  ) {}

  close = async () => this.last?.close();

  /** One sequence on a fresh world: setup, the commands, the calm end, the invariants. */
  async runOnce(commands: Iterable<MoneyCommand>, setup?: (world: World) => Promise<void>): Promise<World> {
    const world = await freshWorld(this.db(), this.bridge(), this.last, 2, this.api);
    this.last = world;
    await setup?.(world);
    await fc.asyncModelRun(() => ({ model: {}, real: world }), commands);
    await settleAll(world);
    const found = await violations(world);
    if (found.length > 0) throw new Error(`money invariants violated:\n  ${found.join('\n  ')}`);
    return world;
  }

  async check(property: ModelProperty): Promise<void> {
    let failed: World | undefined;
    let steps = 0;
    let sequences = 0;
    const started = Date.now();
    const result = await fc.check(
      fc.asyncProperty(
        fc.commands(property.commands, { maxCommands: property.maxCommands, size: 'max' }),
        async (commands) => {
          try {
            const world = await this.runOnce(commands, property.setup);
            steps += world.log.length;
            sequences += 1;
            if (sequences % 100 === 0)
              console.log(
                `${property.name}: ${sequences} sequences run, ${((Date.now() - started) / 1000).toFixed(0)} s`,
              );
          } catch (error) {
            failed = this.last;
            throw error;
          }
        },
      ),
      {
        numRuns: property.runs,
        seed: property.seed,
        path: property.path,
        interruptAfterTimeLimit: timeLimit(property.runs),
      },
    );
    console.log(
      `${property.name}: ${result.numRuns} sequences (${steps} steps), seed ${result.seed}, ${((Date.now() - started) / 1000).toFixed(0)} s, ${result.failed ? 'FAILED' : '0 violations'}`,
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
  }
}

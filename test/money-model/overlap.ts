// Overlap in the model-based money test (issue 31): requests that run at the same time, as when a
// customer taps twice, a phone retries, two operators work one queue or two app instances serve one
// shop. The scheduler (fc.scheduler) decides the order in which they start; they then overlap on the
// real stack, and what each answered is kept for I10 (answers.ts).
import fc from 'fast-check';
import { AppError } from '@/lib/http/errors';
import { IamportError } from '@/lib/iamport';
import { addOperator, type Operator } from '@/lib/ops/operators';
import { ProviderError } from '@/lib/provider';
import type { MoneyCommand } from './command';
import type { World } from './world';

/** How many times at once: a double tap, a retry, a queue. */
export const times = fc.integer({ min: 2, max: 5 });

/** How late the service's next answers reach the app during a step at once (ms each; see World.lateAnswers). */
export const lateness = fc.array(fc.constantFrom(0, 0, 0, 60, 200, 400), { minLength: 0, maxLength: 12 });

// The operators table is not emptied between runs: one admin serves every run of the file.
let admin: Promise<Operator> | undefined;
export const overlapOperator = () => {
  admin ??= addOperator(`overlap-${crypto.randomUUID().slice(0, 8)}@shop.example`, 'admin').then((r) => r.operator);
  return admin;
};

/** A refusal the app can explain (4xx, 502 for a refund the service refused, 503 for service trouble) is fine; a crash is not. */
export function explained(label: string, outcome: unknown): void {
  if (outcome instanceof Response && outcome.status >= 500 && outcome.status !== 502 && outcome.status !== 503) {
    throw new Error(`${label}: HTTP ${outcome.status}`);
  }
}

/** A console function's refusal (AppError up to 503, or the service's error) is fine; anything else fails the run. */
export function refusedCleanly(error: unknown): undefined {
  if (!(error instanceof AppError || error instanceof IamportError || error instanceof ProviderError)) throw error;
  if (error instanceof AppError && error.status >= 500 && error.status !== 502 && error.status !== 503) throw error;
  return undefined;
}

/**
 * Runs the tasks at the same time, started in the order the scheduler decides; waits for all of
 * them (a failing one does not leave the others running into the next step), then fails with the
 * first failure, if any.
 */
export async function atOnce(s: fc.Scheduler, label: string, tasks: (() => Promise<unknown>)[]): Promise<void> {
  const started = tasks.map((task, i) =>
    s
      .schedule(Promise.resolve(i), `${label} #${i}`)
      .then(task)
      .then((outcome) => explained(`${label} #${i}`, outcome)),
  );
  const settled = await s.waitFor(Promise.allSettled(started));
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * A step of the scheduled kind: its label names the scheduler, whose report shows the order chosen;
 * while it runs, the service's next answers reach the app `late` ms late, one after the other.
 */
export function scheduled(
  s: fc.Scheduler,
  label: string,
  act: (world: World) => Promise<unknown>,
  late: readonly number[] = [],
): MoneyCommand {
  const named = late.some((ms) => ms > 0) ? `${label}, answers late ${late.join('/')} ms` : label;
  return {
    check: () => true,
    run: async (_model, world) => {
      world.log.push(named);
      world.lateAnswers.splice(0, Infinity, ...late);
      try {
        await act(world);
      } finally {
        world.lateAnswers.splice(0, Infinity);
      }
    },
    toString: () => `${named}: ${String(s)}`,
  };
}

/**
 * Any two or three steps of the model at once (customer, operator, service, reconciliation): the
 * commands of `arbitraries` run concurrently through their own `run`, unchanged.
 */
export const together = (arbitraries: fc.Arbitrary<MoneyCommand>[]): fc.Arbitrary<MoneyCommand> =>
  fc
    .tuple(fc.scheduler(), fc.array(fc.oneof(...arbitraries), { minLength: 2, maxLength: 3 }), lateness)
    .map(([s, commands, late]) =>
      scheduled(
        s,
        `at once: ${commands.map(String).join(' | ')}`,
        (world) =>
          atOnce(
            s,
            'at once',
            commands.map((c) => () => c.run({}, world)),
          ),
        late,
      ),
    );

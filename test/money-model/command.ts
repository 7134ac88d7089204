// One step of the model-based money test: a label (printed in the shrunk sequence) and what it
// does to the real stack. Targets (which card, which subscription) are picked among what exists
// when the step runs, so every sequence is valid and shrinks well.
import fc from 'fast-check';
import type { World } from './world';

export type Model = Record<string, never>;
export type MoneyCommand = fc.AsyncCommand<Model, World, false>;

export const command = (label: string, act: (world: World) => unknown): MoneyCommand => ({
  check: () => true,
  run: async (_model, world) => {
    world.log.push(label);
    const result = await act(world);
    // Whatever the service does, the app answers with a refusal it can explain (503 at worst), never a crash.
    if (result instanceof Response && result.status >= 500 && result.status !== 503) {
      throw new Error(`${label}: HTTP ${result.status} ${await result.text()}`);
    }
  },
  toString: () => label,
});

export const pick = <T>(list: T[], index: number): T | undefined => list[index % Math.max(list.length, 1)];
export const actor = fc.nat({ max: 1 });
export const index = fc.nat({ max: 3 });

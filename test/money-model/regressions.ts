// Fixed sequences the model keeps running (issue 31): the failures found by hand or by the soak,
// written out as commands so that they outlive changes to the generators (a seed and path replay
// only the command set they were found with). Each runs on a fresh world like any sequence.
import fc from 'fast-check';
import type { MoneyCommand } from './command';
import { refundsAtOnce } from './overlap-order-commands';
import { cancelNowTaps } from './overlap-subscription-commands';
import { shopInUse } from './shop-in-use';
import type { World } from './world';

export interface Regression {
  name: string;
  setup?: (world: World) => Promise<void>;
  commands: () => MoneyCommand[];
}

/** A scheduler for a fixed sequence: the order it starts things in follows the seed. */
const schedulerOf = (seed: number) => {
  const [s] = fc.sample(fc.scheduler(), { seed, numRuns: 1 });
  if (!s) throw new Error('no scheduler');
  return s;
};

export const regressions: Regression[] = [
  {
    // Issue 31.1: the later taps found the subscription live and refunded the pro-rata of what was left, 2–3 refunds.
    name: 'ten cancel-nows of the hourly plan 20 minutes in (with an operator among them)',
    setup: shopInUse,
    commands: () => [cancelNowTaps(schedulerOf(31), 0, 1, 9, true, [0, 200, 0, 60, 400, 0, 200])],
  },
  {
    // Issue 31.2: a refund refused for its stale checksum found the other's entry of the same amount and answered 200.
    name: 'ten operators refunding one 28,000-won payment, each half of it, naming one balance',
    setup: shopInUse,
    commands: () => [refundsAtOnce(schedulerOf(312), 0, 1, 10, 'same', [0, 0, 400, 400, 400, 400, 400, 400, 400, 400])],
  },
];

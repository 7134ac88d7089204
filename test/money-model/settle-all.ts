// How a run ends: the service calm again, every notice in flight delivered, reconciliation run
// with no faults (twice: the first may book what the second confirms), the app's clock moved past
// the window in which a lost charge could still arrive.

import { SETTLED_AFTER_MS } from '@/lib/payments/charge-card';
import { reconcile } from '@/lib/reconciliation/reconcile';
import { calm, MODEL_TIMEOUT_MS, type World } from './world';

/** An operator's run of reconciliation during a sequence, sweeping from the run's start. */
export const reconcileNow = (world: World, appNow = Date.now()) => reconcile({ sweepFrom: world.startedAt, appNow });

/** Waits (polling, bounded) until no notice is being sent and none is due: the app has heard what it will hear. */
async function noticesQuiet(world: World): Promise<void> {
  const emulator = world.emulator;
  for (let i = 0; i < 200; i++) {
    const now = await emulator.now();
    const busy = (await emulator.webhooks()).some(
      (d) => d.status === 'sending' || (d.status === 'pending' && (d.next_attempt_at ?? 0) <= now),
    );
    if (!busy) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('notices still in flight after 5 s');
}

export async function settleAll(world: World): Promise<void> {
  await calm(world);
  // A "late" fault lets the service process a request after the client gave up: its own timing,
  // which no state of the emulator shows, bounds when that can still happen.
  if (world.log.some((line) => line.includes(' late'))) await new Promise((r) => setTimeout(r, MODEL_TIMEOUT_MS));
  await noticesQuiet(world);
  const later = Date.now() + SETTLED_AFTER_MS + 60_000;
  for (let round = 0; round < 2; round++) {
    const report = await reconcileNow(world, later);
    const errors = [
      ...report.refunds.errors,
      ...report.orderRefunds.errors,
      ...report.subscriptions.errors,
      ...report.orders.errors,
      ...report.payments.errors,
      ...report.cards.errors,
    ];
    if (errors.length) throw new Error(`reconciliation without faults failed: ${errors.join('; ')}`);
    await noticesQuiet(world);
  }
}

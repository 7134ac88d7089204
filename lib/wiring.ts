import 'server-only';
import { registerCardUse } from '@/lib/cards';
import { plansByCard, subscriptionNeedsCard } from '@/lib/subscriptions';

/**
 * What lower layers ask of higher ones (ports), registered once per process before any request:
 * by instrumentation.ts in the app, by the commands that need it, and by the tests' setup.
 */
export function wirePorts(): void {
  registerCardUse(subscriptionNeedsCard, plansByCard);
}

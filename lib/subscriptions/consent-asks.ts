import 'server-only';
import { iamport } from '@/lib/iamport';
import type { ConsentAsk } from '@/lib/subscriptions/subscription-view';
import { windowOpensAt } from './consent-window';
import { inTrial } from './lifecycle';
import { pendingPriceChanges } from './price-asks';
import { listUserSubscriptions } from './repository';

/**
 * The asks the customer has not answered, inside their windows (the banner on every account page):
 * free trials nobody has said yes or no to, and higher prices not answered.
 */
export async function pendingConsentAsks(userId: string): Promise<ConsentAsk[]> {
  const trials = (await listUserSubscriptions(userId)).filter(
    (s) => s.status === 'active' && inTrial(s) && s.trialDecision === null && s.trialEndsAt !== null,
  );
  const prices = (await pendingPriceChanges(userId)).filter((c) => c.askOpen && c.status === 'requested');
  if (trials.length === 0 && prices.length === 0) return [];
  const now = await iamport().serviceNow({ fresh: trials.length > 0 });
  return [
    ...trials
      .filter((s) => s.trialEndsAt !== null && now >= windowOpensAt(s.trialEndsAt) && now < s.trialEndsAt)
      .map((s) => ({
        id: s.id,
        kind: 'trial' as const,
        planName: s.planName,
        decidesAt: s.trialEndsAt ?? 0,
        amount: s.amount,
        href: `/account/subscriptions/trial/${s.id}`,
      })),
    ...prices.map((c) => ({
      id: c.id,
      kind: 'price' as const,
      planName: c.planName,
      decidesAt: c.changesAt,
      amount: c.newAmount,
      href: `/account/subscriptions/price-change/${c.id}`,
    })),
  ];
}

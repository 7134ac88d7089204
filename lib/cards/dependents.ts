import 'server-only';
import { subscriptionNeedsCard } from '@/lib/subscriptions/card-dependency';

/**
 * Features that charge a card later (subscriptions) say here why a card must not be removed yet.
 * Each check answers a Korean reason to show, or undefined when it does not need the card.
 */
export type CardDependencyCheck = (card: { id: string; userId: string }) => Promise<string | undefined>;

// Each feature that charges a saved card later adds its check to this list.
export const cardDependencies: CardDependencyCheck[] = [subscriptionNeedsCard];

export async function whyCardIsNeeded(card: { id: string; userId: string }): Promise<string | undefined> {
  for (const check of cardDependencies) {
    const reason = await check(card);
    if (reason) return reason;
  }
  return undefined;
}

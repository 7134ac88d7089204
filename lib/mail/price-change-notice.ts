import 'server-only';
import type { subscriptions } from '@/lib/db';
import type { Mail } from './outbox';

// A plan's new price, told to each subscriber (lib/subscriptions/price-changes.ts): `raised` at the
// announcement (information only: consent is asked inside the 30 days before the change), `ask` when
// that window opens, `lowered` (applies by itself, nothing to do).

export type PriceChangePhase = 'raised' | 'ask' | 'lowered';

/** The mail of one phase of a price change to one subscriber, due at `dueAt` (service clock); once per phase. */
export function priceChangeNotice(
  subscription: Pick<typeof subscriptions.$inferSelect, 'id' | 'userId' | 'planName' | 'amount'>,
  change: { requestId: string | null; priceId: string; newAmount: number; effectiveFrom: number; changesAt: number },
  phase: PriceChangePhase,
  dueAt: number,
  asksFrom = change.changesAt,
): Mail {
  return {
    kind: 'price_change',
    subject: subscription.id,
    occasion: `${change.priceId}:${phase}`,
    userId: subscription.userId,
    dueAt,
    payload: {
      phase,
      planName: subscription.planName,
      oldAmount: subscription.amount,
      newAmount: change.newAmount,
      effectiveFrom: change.effectiveFrom,
      changesAt: change.changesAt,
      asksFrom,
      requestId: change.requestId,
      subscriptionId: subscription.id,
    },
  };
}

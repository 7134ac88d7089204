/** A plan as pages show it; the price is the server's. */
export interface Plan {
  id: string;
  name: string;
  description: string;
  /** KRW per period. */
  price: number;
  /** e.g. "1개월", "1시간" */
  periodLabel: string;
}

export type SubscriptionStatus = 'incomplete' | 'active' | 'past_due' | 'cancelled' | 'failed';

/** One charge of a subscription, as its history shows it. */
export interface SubscriptionChargeSummary {
  merchantUid: string;
  kind: 'first' | 'renewal' | 'retry';
  attempt: number;
  status: 'pending' | 'to_book' | 'scheduled' | 'paid' | 'failed' | 'revoked' | 'refunded';
  amount: number;
  /** Service clock, UNIX seconds. */
  scheduleAt: number | null;
  settledAt: number | null;
  periodStart: number | null;
  periodEnd: number | null;
  failReason: string | null;
}

export interface SubscriptionSummary {
  id: string;
  planId: string;
  planName: string;
  amount: number;
  status: SubscriptionStatus;
  /** The customer may use what they subscribed to (active, in the grace of dunning, or until a cancelled period ends). */
  hasAccess: boolean;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  /** The next charge booked at the service, if any. */
  nextCharge: { at: number; amount: number; kind: 'renewal' | 'retry'; attempt: number } | null;
  card: { id: string; label: string };
  /** `refunded`: the current period's charge was refunded in full (by the shop), which ended access. */
  endReason: 'customer' | 'payment_failed' | 'refunded' | null;
  endedAt: number | null;
  /** Newest first. */
  charges: SubscriptionChargeSummary[];
}

export const subscriptionStatusLabel: Record<SubscriptionStatus, string> = {
  incomplete: '결제 확인 중',
  active: '이용 중',
  past_due: '결제 실패 · 재시도 예정',
  cancelled: '해지됨',
  failed: '시작되지 않음',
};

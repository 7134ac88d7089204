// The console's subscriptions (list and detail): types and filters its pages and routes share.
import { z } from 'zod';
import type { OperatorConsentEntry } from '@/lib/consents/client';
import type { EndReason } from '@/lib/subscriptions/client';
import type { ShippingDetails } from '@/lib/values/client';
import type { AuditView } from './audit';
import { optionalText, pageFields } from './lists';

export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'cancelled', 'failed'] as const;
export const subscriptionFiltersSchema = z.object({
  email: optionalText,
  status: z.enum(SUBSCRIPTION_STATUSES).optional(),
  /** Live subscriptions with no booking waiting at the service. */
  missingBooking: z
    .enum(['1', '0'])
    .optional()
    .transform((value) => value === '1'),
  /** Waiting for the customer's consent: a free trial's conversion, or a higher price. */
  awaitingConsent: z.enum(['trial', 'price']).optional(),
  ...pageFields,
});
export type SubscriptionFilters = z.infer<typeof subscriptionFiltersSchema>;

export interface SubscriptionRow {
  id: string;
  /** What the customer quotes (`S260115-738421`). */
  number: string;
  planName: string;
  amount: number;
  status: (typeof SUBSCRIPTION_STATUSES)[number];
  customerEmail: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: number | null;
  /** The booking waiting at the service, as we recorded it. */
  openCharge: {
    merchantUid: string;
    kind: 'first' | 'renewal' | 'retry';
    attempt: number;
    scheduleAt: number | null;
  } | null;
  endReason: EndReason | null;
  /** Waiting for the customer's consent, and when it ends without it (service clock). */
  consentWait: ConsentWait | null;
}

/**
 * A consent the subscription waits for (전자상거래법 시행령 §20조의2): a free trial's conversion, or a
 * higher price (asked from `asksFrom`, 30 days before the change). Without it, it ends at `endsAt`.
 */
export interface ConsentWait {
  kind: 'trial' | 'price';
  asksFrom: number;
  endsAt: number;
  /** A price change: what it would cost. */
  newAmount?: number;
}

export const consentWaitLabel: Record<ConsentWait['kind'], string> = {
  trial: '유료 전환 동의 대기',
  price: '가격 변경 동의 대기',
};

export interface ChargeView {
  merchantUid: string;
  impUid: string | null;
  kind: 'first' | 'renewal' | 'retry';
  attempt: number;
  status: string;
  amount: number;
  refundedAmount: number;
  periodStart: number | null;
  periodEnd: number | null;
  scheduleAt: number | null;
  settledAt: number | null;
  failReason: string | null;
}

export interface SubscriptionDetail {
  subscription: SubscriptionRow & {
    currentPeriodStart: number | null;
    endedAt: number | null;
    card: string;
    createdAt: string;
    /** A goods plan's delivery address (where each paid period ships); null for a service. */
    shipping: ShippingDetails | null;
  };
  customer: { email: string; name: string };
  charges: ChargeView[];
  /** The open charge's booking as the service holds it; null when nothing is open here. */
  booking:
    | null
    | { merchantUid: string; status: 'missing' }
    | {
        merchantUid: string;
        status: 'scheduled' | 'executed' | 'revoked';
        scheduleAt: number | null;
        amount: number;
        paymentStatus: string | null;
        failReason: string | null;
      }
    | { merchantUid: string; status: 'error'; message: string };
  /** In dunning: which retry comes next and the last failure. */
  dunning: { attempt: number; nextRetryAt: number | null; lastFailure: string | null } | null;
  audit: AuditView[];
  /** The customer's consents, newest first, with each text's fingerprint (disputes ask for it). */
  consents: OperatorConsentEntry[];
  /** What an admin may do now. */
  actions: { cancelAtPeriodEnd: boolean; cancelNow: boolean; retryNow: boolean; rebook: boolean };
}

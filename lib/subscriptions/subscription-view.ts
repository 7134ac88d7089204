import type { ShipmentSummary } from '@/lib/orders/client';
import type { ShippingDetails } from '@/lib/values/client';

/** A plan as pages show it; the price is the server's. */
export interface Plan {
  id: string;
  name: string;
  description: string;
  /** KRW per period. */
  price: number;
  /** e.g. "1개월", "1시간" */
  periodLabel: string;
  /** Days of free trial before the first charge (one per person and plan); absent: charged at once. */
  trialDays?: number;
  /**
   * `service`: used over the period (cancel-now refunds the unused days); `goods`: delivered each
   * period — asks for a delivery address, and each paid period is a box that ships (a free trial's
   * too), so cancel-now gives back nothing of a paid period.
   */
  kind: PlanKind;
}

export type PlanKind = 'service' | 'goods';

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
  /** The card receipt of a paid charge. */
  receiptUrl: string | null;
  /** KRW given back of this charge (cancel now: the unused part; a stray payment: all of it). */
  refundedAmount: number;
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
  endReason: EndReason | null;
  endedAt: number | null;
  /** A free trial's end (service clock); null without a trial. */
  trialEndsAt?: number | null;
  /** A free trial still running, with the ask to turn it paid; absent otherwise. */
  trial?: TrialSummary;
  /** Newest first. */
  charges: SubscriptionChargeSummary[];
  /** Plans of goods: where each period's goods go (changeable while the subscription is live). */
  shipping?: ShippingDetails | null;
  planKind?: PlanKind;
  /** What the customer quotes: `S260115-738421`. */
  number?: string;
  /** Plans of goods: a box per paid period (and the free trial's), newest first. */
  shipments?: ShipmentSummary[];
  /**
   * Set to end for want of a yes to a higher price (`price_declined`): where that ask stands — not
   * asked yet, asked (`askOpen`), or said no (`declined`); absent otherwise.
   */
  priceAsk?: { status: 'requested' | 'declined'; askOpen: boolean; asksFrom: number };
}

/**
 * A free trial turns paid only with the customer's consent, asked inside the 30 days before the
 * first charge (전자상거래법 시행령 §20조의2): `decision` null until they answer.
 */
export interface TrialSummary {
  /** Service clock: the trial's end, when the first charge is made if they agreed. */
  endsAt: number;
  decision: 'convert' | 'end' | null;
  decidedAt: number | null;
  /** Service clock: the consent may be given from here (30 days before endsAt) to endsAt. */
  asksFrom: number;
  /** The ask is open now (service clock). */
  askOpen: boolean;
  /** The terms of the conversion, shown verbatim (the last line is what the button agrees to). */
  text: string[];
  /** Sent back with the consent: the server compares it with the text it renders then. */
  textSha256: string;
}

/** Why a subscription ended (or, cancelled at its period end, why it will end). */
export type EndReason = 'customer' | 'payment_failed' | 'refunded' | 'price_declined' | 'trial_not_converted';

/** Said to the customer on their page and in the mail, and shown in the console. */
export const endReasonLabel: Record<EndReason, string> = {
  customer: '고객님의 해지 요청에 따라 종료되었습니다.',
  payment_failed: '정기결제가 재시도 끝에도 승인되지 않아 종료되었습니다.',
  refunded: '이번 기간 결제가 환불되어 종료되었습니다.',
  price_declined: '바뀐 가격에 동의하지 않으셔서 이용 기간이 끝날 때 종료되었습니다.',
  trial_not_converted: '무료 체험이 끝날 때까지 유료 전환에 동의하지 않으셔서 결제 없이 종료되었습니다.',
};

export const subscriptionStatusLabel: Record<SubscriptionStatus, string> = {
  incomplete: '결제 확인 중',
  active: '이용 중',
  past_due: '결제 실패 · 재시도 예정',
  cancelled: '해지됨',
  failed: '시작되지 않음',
};

/** The terms shown before subscribing; `text` is shown verbatim, and its hash goes into the consent log. */
export interface SubscriptionOffer {
  planId: string;
  planName: string;
  amount: number;
  cycleLabel: string;
  cardId: string;
  cardLabel: string;
  /** Service clock, UNIX seconds. */
  nextChargeAt: number;
  version: string;
  text: string[];
  textSha256: string;
  /** Sent back with the consent: the server's seal over what was shown. */
  consentToken: string;
}

/** What cancelling now gives back: the unused part of the paid period (service clock `at`). */
export interface CancelNowQuote {
  subscriptionId: string;
  /** KRW, floored to the won. */
  refund: number;
  /** What is left of the period's payment. */
  paid: number;
  unit: 'day' | 'second';
  unused: number;
  total: number;
  at: number;
  /** A goods plan: this period's box ships whatever happens, so nothing of it is refunded. */
  shipped?: boolean;
  /** A goods plan: the running period's box (or the trial's) and how far it has gone. */
  box?: Pick<ShipmentSummary, 'number' | 'kind' | 'fulfilment'> | null;
}

/**
 * A higher price waiting for the subscriber's answer. The ask opens 30 days before their first charge
 * at it (`asksFrom`); before that the announcement is information only.
 */
export interface PriceChangeSummary {
  id: string;
  subscriptionId: string;
  planName: string;
  oldAmount: number;
  newAmount: number;
  /** Service clock, UNIX seconds: when the plan's new price applies. */
  effectiveFrom: number;
  /** Service clock: the subscriber's first charge at the new price (their first renewal from effectiveFrom). */
  changesAt: number;
  /** Service clock: the consent may be given from here (30 days before changesAt). */
  asksFrom: number;
  /** The ask is open now (service clock). */
  askOpen: boolean;
  /** `declined`: the subscriber said no (they may still agree while the period runs). */
  status: 'requested' | 'declined';
  /** When the subscription ends without consent (its renewal was withheld, or they said no), else null. */
  endsAt: number | null;
  /** Shown verbatim; the server renders it again for the consent log's hash. */
  text: string[];
}

/**
 * A consent the customer is being asked for, as the account pages' banner shows it: a free trial's
 * conversion or a higher price, inside its 30-day window and not answered yet.
 */
export interface ConsentAsk {
  /** The trial's subscription id, or the price change's id: what "7일간 보지 않기" remembers. */
  id: string;
  kind: 'trial' | 'price';
  planName: string;
  /** Service clock: the trial's end, or the first charge at the new price — it ends then without a yes. */
  decidesAt: number;
  /** The price after the change (the trial's price for a trial). */
  amount: number;
  /** The page that asks. */
  href: string;
}

/** The cookie that hides one ask until a time on the service's clock ("7일간 보지 않기"); its name ends with the ask's id. */
export const SNOOZE_COOKIE_PREFIX = 'consent_ask_snooze_';
/** How long "7일간 보지 않기" hides an ask (반복간섭: at least 7 days). */
export const SNOOZE_SECONDS = 7 * 86_400;

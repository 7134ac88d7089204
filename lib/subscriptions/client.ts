// The client-safe face of lib/subscriptions: what pages, components and other folders may use of it in the browser.
export {
  type CancelNowQuote,
  type ConsentAsk,
  type EndReason,
  endReasonLabel,
  type Plan,
  type PriceChangeSummary,
  SNOOZE_COOKIE_PREFIX,
  SNOOZE_SECONDS,
  type SubscriptionChargeSummary,
  type SubscriptionOffer,
  type SubscriptionStatus,
  type SubscriptionSummary,
  subscriptionStatusLabel,
  type TrialSummary,
} from './subscription-view';

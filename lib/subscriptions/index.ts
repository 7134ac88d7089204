// The subscriptions module's public entry point: routes, pages, the console, 회원탈퇴, the webhook and
// reconciliation call these — never the files behind them. What cards asks of subscriptions goes
// through the port lib/wiring.ts registers (no import upward).
export { cancelSubscriptionNow } from './cancel-now';
export { type CancelActor, quoteCancelNow } from './cancel-now-quote';
export { cancelNowsInFlight } from './cancel-now-refund';
export { plansByCard, subscriptionNeedsCard } from './card-dependency';
export { pendingConsentAsks } from './consent-asks';
export {
  chargesAgain,
  hasAccess,
  inTrial,
  isEnded,
  isLive,
  isUnfinished,
  LIVE_STATUSES,
  OPEN_CHARGE_STATUSES,
  UNFINISHED_STATUSES,
} from './lifecycle';
export { cancelSubscription, changeSubscriptionCard, resumeSubscription } from './manage';
export { subscriptionOffer } from './offer';
export { OperatorActionRefused, rebookMissing, retryRenewalNow } from './operator-actions';
export { subscriptionOverview } from './overview';
export { settleSubscriptionPayment } from './payment-notices';
export { findPlan, listPlans } from './plans';
export { pendingPriceChanges } from './price-asks';
export { PRICE_NOTICE_DAYS, priceChangeText, setPlanPrice } from './price-changes';
export { acceptPriceChange, declinePriceChange } from './price-consent';
export { amountAt, catalogue, changeDateOf, kstDayStart, priceVersions } from './prices';
export { type ReconcileReport, reconcileSubscriptions } from './reconcile';
export { recordChargeRefund, settleChargeRefund, withdrawBookingAfterRefund } from './refunds';
export {
  findSubscription,
  listUserSubscriptions,
  type Subscription,
  type SubscriptionCharge,
} from './repository';
export { changeCardBody, changeShippingBody, offerQuery, subscribeBody, subscriptionIdFrom } from './requests';
export { advanceShipment } from './shipment-steps';
export { boxesOf, type Shipment, toShipmentSummary } from './shipments';
export { changeSubscriptionShipping } from './shipping';
export { subscribe, subscribeOutcome } from './subscribe';
export { decideTrial, type TrialDecision } from './trial-conversion';

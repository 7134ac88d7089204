import 'server-only';

// 전자상거래법 시행령 §20조의2 (숨은갱신), as the 공정위 explains it: a free supply turning into paid
// recurring billing, or a recurring price rising, needs the consumer's consent obtained within the
// 30 days before the change. One given earlier (at the first contract, at an announcement) does not
// count: the consumer is asked again inside the window.

export const CONSENT_WINDOW_DAYS = 30;
const DAY = 86_400;

/** When the consent to a change at `changeAt` (service clock) may first be asked for. */
export const windowOpensAt = (changeAt: number) => changeAt - CONSENT_WINDOW_DAYS * DAY;

/** Whether a consent given at `givenAt` counts for a change at `changeAt`: inside the 30 days before it. */
export const insideWindow = (givenAt: number | null | undefined, changeAt: number) =>
  givenAt != null && givenAt >= windowOpensAt(changeAt) && givenAt <= changeAt;

/** Whether a trial's conversion has a consent that counts for its charge at `changeAt` (trial-conversion.ts). */
export const trialConsentCounts = (
  subscription: { trialDecision: 'convert' | 'end' | null; trialDecidedAt: number | null },
  changeAt: number,
) => subscription.trialDecision === 'convert' && insideWindow(subscription.trialDecidedAt, changeAt);

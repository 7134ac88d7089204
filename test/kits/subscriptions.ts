// Server tests of subscriptions: a real emulator whose webhooks reach the app's own webhook route
// over real HTTP (a local receiver hands each delivery to the route handler), a real database, and
// the subscription routes driven as the account page drives them.

import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterEach } from 'vitest';
import { POST as cancelRoute } from '@/app/api/subscriptions/[id]/cancel/route';
import { POST as cancelNowRoute, GET as quoteRoute } from '@/app/api/subscriptions/[id]/cancel-now/route';
import { PUT as cardRoute } from '@/app/api/subscriptions/[id]/card/route';
import { POST as resumeRoute } from '@/app/api/subscriptions/[id]/resume/route';
import { PUT as shippingRoute } from '@/app/api/subscriptions/[id]/shipping/route';
import { POST as trialRoute } from '@/app/api/subscriptions/[id]/trial/route';
import { POST as offerRoute } from '@/app/api/subscriptions/offer/route';
import { GET as listRoute, POST as subscribeRoute } from '@/app/api/subscriptions/route';
import { subscriptionCharges, subscriptions } from '@/lib/db/schema';
import type { CancelNowQuote, SubscriptionOffer, SubscriptionSummary } from '@/lib/subscriptions/subscription-view';
import { type AppHarness, setupAppTest } from '@/test/app-harness';
import { createTestCard, pageRequest } from '@/test/factories';
import { SUBSCRIBER_ADDRESS } from '@/test/fixtures/shipping';
import { Customer } from '@/test/kits/cards';

/** 2026-01-15 12:00 KST, frozen: only the tests move the service's clock. */
export const START = new Date('2026-01-15T03:00:00Z');
export const HOUR = 3600;
export const DAY = 86_400;

/** A delivery address as the page fills it in for a goods plan (the coffee plans). */
export const TEST_SHIPPING = SUBSCRIBER_ADDRESS;
const GOODS_PLANS = new Set(['monthly-beans', 'tasting-club']);

/** The app harness with the emulator's webhooks delivered to the app's webhook route. */
export function setupSubscriptionTest(): AppHarness {
  const app = setupAppTest({ clock: { start: START, frozen: true }, bridge: true });
  // The clock is shared by the file's tests: a test's subscriptions must not keep renewing through
  // the next test's time travel. Their bookings are revoked at the service and they are ended.
  afterEach(async () => {
    const db = app.db();
    const open = await db
      .select()
      .from(subscriptionCharges)
      .where(inArray(subscriptionCharges.status, ['to_book', 'scheduled']));
    for (const charge of open) {
      await app.emulator().rest('POST', '/subscribe/payments/unschedule', {
        customer_uid: charge.customerUid,
        merchant_uid: charge.merchantUid,
      });
    }
    await db
      .update(subscriptionCharges)
      .set({ status: 'revoked' })
      .where(inArray(subscriptionCharges.status, ['to_book', 'scheduled']));
    await db
      .update(subscriptions)
      .set({ status: 'cancelled' })
      .where(inArray(subscriptions.status, ['incomplete', 'active', 'past_due']));
    await app.emulator().setWebhookSwitch({ mode: 'normal' });
  });
  return app;
}

export { deliverWebhook as deliver } from '@/test/app-bridge';

export const notice = (impUid: string, merchantUid: string, status = 'paid') =>
  JSON.stringify({ imp_uid: impUid, merchant_uid: merchantUid, status });

/** Where the test customer's requests come from, as a proxy and a browser would say. */
export const BROWSER = { 'user-agent': 'Mozilla/5.0 (test) imp-checkout', 'x-forwarded-for': '203.0.113.7' };

const params = (id: string) => ({ params: Promise.resolve({ id }) });

export class Subscriber {
  private constructor(readonly customer: Customer) {}

  /** A signed-up customer with an active default card. */
  static async withCard(cardNumber?: string): Promise<Subscriber> {
    const subscriber = new Subscriber(await Customer.signUp());
    await createTestCard(subscriber.user.id, { cardNumber });
    return subscriber;
  }

  static async withoutCard(): Promise<Subscriber> {
    return new Subscriber(await Customer.signUp());
  }

  static of(customer: Customer): Subscriber {
    return new Subscriber(customer);
  }

  get user() {
    return this.customer.user;
  }

  private request(path: string, method: string, body?: unknown) {
    return pageRequest(path, { method, body, cookie: this.customer.cookie, headers: BROWSER });
  }

  /** The terms the page shows before subscribing, with the server's seal. */
  async offer(planId = 'monthly-beans', cardId?: string): Promise<SubscriptionOffer> {
    const response = await offerRoute(this.request('/api/subscriptions/offer', 'POST', { planId, cardId }), {});
    const body = (await response.json()) as { offer: SubscriptionOffer };
    if (!body.offer) throw new Error(`no offer: ${JSON.stringify(body)}`);
    return body.offer;
  }

  /**
   * Sends a subscribe request. As the page does, it first asks for the terms and agrees to them
   * (when the terms can be had: a bad request goes as it is); `consent: false` sends no consent.
   */
  async subscribeRaw(body: unknown, consent = true): Promise<Response> {
    let sent = body;
    // A goods plan's page asks for the address first: filled in unless the body names `shipping`
    // itself (`shipping: undefined` sends none).
    if (typeof body === 'object' && body !== null && !('shipping' in body)) {
      const { planId } = body as { planId?: unknown };
      if (typeof planId === 'string' && GOODS_PLANS.has(planId)) sent = { ...body, shipping: TEST_SHIPPING };
    }
    if (consent && typeof sent === 'object' && sent !== null && !('consent' in sent)) {
      const { planId, cardId } = sent as { planId?: unknown; cardId?: unknown };
      const response = await offerRoute(this.request('/api/subscriptions/offer', 'POST', { planId, cardId }), {});
      const offer = ((await response.json()) as { offer?: SubscriptionOffer }).offer;
      if (offer) sent = { ...sent, consent: { agreed: true, token: offer.consentToken } };
    }
    return subscribeRoute(this.request('/api/subscriptions', 'POST', sent), {});
  }

  /** Subscribes (must succeed) and answers the subscription as the page sees it. */
  async subscribe(planId = 'monthly-beans'): Promise<SubscriptionSummary> {
    const response = await this.subscribeRaw({ planId, idempotencyKey: randomUUID() });
    const body = (await response.json()) as { subscriptionId: string; subscriptions: SubscriptionSummary[] };
    const found = body.subscriptions.find((s) => s.id === body.subscriptionId);
    if (!found) throw new Error(`subscription not created: ${JSON.stringify(body)}`);
    return found;
  }

  async list(): Promise<SubscriptionSummary[]> {
    const response = await listRoute(this.request('/api/subscriptions', 'GET'), {});
    return ((await response.json()) as { subscriptions: SubscriptionSummary[] }).subscriptions;
  }

  async get(id: string): Promise<SubscriptionSummary> {
    const found = (await this.list()).find((s) => s.id === id);
    if (!found) throw new Error(`no subscription ${id}`);
    return found;
  }

  cancel(id: string): Promise<Response> {
    return cancelRoute(this.request(`/api/subscriptions/${id}/cancel`, 'POST'), params(id));
  }

  /** The refund cancelling now would give, as the confirmation shows it. */
  async quoteCancelNow(id: string): Promise<CancelNowQuote> {
    const response = await quoteRoute(this.request(`/api/subscriptions/${id}/cancel-now`, 'GET'), params(id));
    return ((await response.json()) as { quote: CancelNowQuote }).quote;
  }

  changeShipping(id: string, shipping: unknown): Promise<Response> {
    return shippingRoute(this.request(`/api/subscriptions/${id}/shipping`, 'PUT', { shipping }), params(id));
  }

  cancelNow(id: string): Promise<Response> {
    return cancelNowRoute(this.request(`/api/subscriptions/${id}/cancel-now`, 'POST'), params(id));
  }

  resume(id: string): Promise<Response> {
    return resumeRoute(this.request(`/api/subscriptions/${id}/resume`, 'POST'), params(id));
  }

  changeCard(id: string, cardId: string): Promise<Response> {
    return cardRoute(this.request(`/api/subscriptions/${id}/card`, 'PUT', { cardId }), params(id));
  }

  /**
   * Answers a free trial's ask as its page does: with the fingerprint of the terms the page shows,
   * 유료 전환에 동의 (`convert`) or 체험만 하고 종료 (`end`); `textSha256` overrides what the page showed.
   */
  async decideTrial(id: string, decision: 'convert' | 'end', textSha256?: string): Promise<Response> {
    const shown = textSha256 ?? (await this.list()).find((s) => s.id === id)?.trial?.textSha256;
    const body = shown ? { decision, textSha256: shown } : { decision };
    return trialRoute(this.request(`/api/subscriptions/${id}/trial`, 'POST', body), params(id));
  }
}

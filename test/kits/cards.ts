// Drives the card routes the way /account/cards does, as one signed-in customer, for the server
// tests in test/routes/cards (and the orders and subscriptions kits, which build on it).

import { expect } from 'vitest';
import { PUT as defaultRoute } from '@/app/api/cards/[id]/default/route';
import { DELETE as removeRoute } from '@/app/api/cards/[id]/route';
import { POST as keyInRoute } from '@/app/api/cards/key-in/route';
import { GET as listRoute } from '@/app/api/cards/route';
import { POST as startRoute } from '@/app/api/cards/window/route';
import { POST as verifyRoute } from '@/app/api/cards/window/verify/route';
import { SESSION_COOKIE, startSession } from '@/lib/accounts/sessions';
import type { User } from '@/lib/accounts/users';
import type { KeyInFields } from '@/lib/cards/card-input';
import type { CardSummary, RegistrationAnswer, WindowRegistration } from '@/lib/cards/card-view';
import { cardConsentGiven } from '@/lib/consents/shared/card-text';
import { type IamportClient, IamportNotFoundError } from '@/lib/iamport';
import { cardFields, type TestCard, type TestEmulator } from '@/test/emulator/kit';
import { createTestUser, pageRequest } from '@/test/factories';

/** The consent the card forms send once the box is checked. */
export const CARD_CONSENT = cardConsentGiven;

/** Key-in fields as the form sends them (masked), for a test card that stays valid for decades. */
export const keyIn = (cardNumber: string, overrides: Partial<KeyInFields> = {}): KeyInFields => ({
  cardNumber,
  expiry: '12/99',
  birth: '900101',
  pwd2digit: '12',
  ...overrides,
});

const params = (id: string) => ({ params: Promise.resolve({ id }) });

/** Whether the service (read through the app's client) still holds a billing key under `customerUid`. */
export const billingKeyExists = (client: IamportClient, customerUid: string) =>
  client.billingKeys.get({ customer_uid: customerUid }).then(
    () => true,
    (error) => {
      if (error instanceof IamportNotFoundError) return false;
      throw error;
    },
  );

/** How the cards list shows the approved test card (4242, 신한카드) when it is the customer's only card. */
export const onlyApprovedCard = (id: string, registeredVia: CardSummary['registeredVia']) => ({
  id,
  method: 'card',
  cardName: '신한카드',
  numberMasked: '4242-42**-****-4242',
  isDefault: true,
  registeredVia,
  registeredAt: expect.any(String),
  duplicateOf: null,
  subscriptionPlan: null,
});

export class Customer {
  private constructor(
    readonly user: User,
    readonly cookie: string,
  ) {}

  static async signUp(): Promise<Customer> {
    return Customer.signIn(await createTestUser());
  }

  /** An existing user with a fresh session. */
  static async signIn(user: User): Promise<Customer> {
    return new Customer(user, `${SESSION_COOKIE}=${encodeURIComponent(await startSession(user.id))}`);
  }

  async cards(): Promise<CardSummary[]> {
    return (
      (await (await listRoute(pageRequest('/api/cards', { cookie: this.cookie }), {})).json()) as {
        cards: CardSummary[];
      }
    ).cards;
  }

  async startWindow(body: unknown = { consent: CARD_CONSENT }): Promise<RegistrationAnswer> {
    const response = await this.startWindowRaw(body);
    return ((await response.json()) as { registration: RegistrationAnswer }).registration;
  }

  startWindowRaw(body: unknown): Promise<Response> {
    return startRoute(pageRequest('/api/cards/window', { method: 'POST', body, cookie: this.cookie }), {});
  }

  verify(body: unknown): Promise<Response> {
    return verifyRoute(pageRequest('/api/cards/window/verify', { method: 'POST', body, cookie: this.cookie }), {});
  }

  /**
   * The payment window completed in the emulator with a test card, as IMP.request_pay would send it
   * (`amount` other than the 0 the page asks: a window opened with what the page never asks).
   */
  async completeWindow(
    emulator: TestEmulator,
    registration: WindowRegistration,
    card: TestCard = 'approved',
    amount = 0,
  ) {
    return emulator.completeWindowPayment({
      pg: registration.pg,
      merchant_uid: registration.merchantUid,
      customer_uid: registration.customerUid,
      amount,
      name: registration.name,
      buyer_name: registration.buyerName,
      buyer_email: registration.buyerEmail,
      ...cardFields(card),
    });
  }

  /** Start → window → verify: the whole registration through the payment window. */
  async registerInWindow(emulator: TestEmulator, card: TestCard = 'approved') {
    const registration = await this.startWindow();
    const { rsp } = await this.completeWindow(emulator, registration, card);
    const response = await this.verify({ customer_uid: registration.customerUid, imp_uid: rsp.imp_uid });
    return { registration, rsp, response };
  }

  /** Key-in registration; as the page does, with the consent to keep the card unless `consent` is false. */
  keyIn(body: unknown, consent = true): Promise<Response> {
    const sent = consent && typeof body === 'object' && body !== null ? { consent: CARD_CONSENT, ...body } : body;
    return keyInRoute(pageRequest('/api/cards/key-in', { method: 'POST', body: sent, cookie: this.cookie }), {});
  }

  chooseDefault(cardId: string): Promise<Response> {
    return defaultRoute(
      pageRequest(`/api/cards/${cardId}/default`, { method: 'PUT', cookie: this.cookie }),
      params(cardId),
    );
  }

  remove(cardId: string): Promise<Response> {
    return removeRoute(pageRequest(`/api/cards/${cardId}`, { method: 'DELETE', cookie: this.cookie }), params(cardId));
  }
}

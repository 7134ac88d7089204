// The cards page's actions: list, choose the default, remove (the billing key deleted at the
// service). Real routes, a real emulator, a real database.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { GET as listRoute } from '@/app/api/cards/route';
import { type CardDependencyCheck, cardDependencies } from '@/lib/cards/dependents';
import { cards } from '@/lib/db/schema';
import { setupAppTest } from '@/test/app-harness';
import { TEST_CARDS } from '@/test/emulator/kit';
import { pageRequest } from '@/test/factories';
import { billingKeyExists, Customer, keyIn } from '@/test/kits/cards';

const app = setupAppTest();

const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string } }).error;
const rowOf = async (cardId: string) => (await app.db().select().from(cards).where(eq(cards.id, cardId)))[0];
const keyExists = (customerUid: string) => billingKeyExists(app.client(), customerUid);

/** A customer with two key-in cards: 4242 (the default) and 5555. */
async function customerWithTwoCards() {
  const customer = await Customer.signUp();
  const first = (await (await customer.keyIn(keyIn(TEST_CARDS.approved))).json()).cardId as string;
  const second = (await (await customer.keyIn(keyIn('5555-5555-5555-4444'))).json()).cardId as string;
  return { customer, first, second };
}

const defaults = async (customer: Customer) =>
  (await customer.cards()).filter((card) => card.isDefault).map((card) => card.id);

describe('choosing the default card', () => {
  it('moves the default; the user always has exactly one', async () => {
    const { customer, first, second } = await customerWithTwoCards();
    expect(await defaults(customer)).toEqual([first]);
    const response = await customer.chooseDefault(second);
    expect(response.status).toBe(200);
    expect((await response.json()).cards.map((card: { isDefault: boolean }) => card.isDefault)).toEqual([false, true]);
    expect(await defaults(customer)).toEqual([second]);
    // Choosing the default again changes nothing.
    expect((await customer.chooseDefault(second)).status).toBe(200);
    expect(await defaults(customer)).toEqual([second]);
  });

  it("refuses another user's card, a removed card and a malformed id, changing nothing", async () => {
    const { customer: owner, first, second } = await customerWithTwoCards();
    const other = await Customer.signUp();
    await other.keyIn(keyIn(TEST_CARDS.approved));
    for (const id of [second, first]) {
      const response = await other.chooseDefault(id);
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toMatchObject({ code: 'card_not_found' });
    }
    expect(await defaults(owner)).toEqual([first]);
    expect((await other.chooseDefault('not-a-uuid')).status).toBe(404);

    expect((await owner.remove(second)).status).toBe(200);
    expect((await owner.chooseDefault(second)).status).toBe(404);
    expect(await defaults(owner)).toEqual([first]);
  });
});

describe('removing a card', () => {
  afterEach(() => {
    cardDependencies.length = 0;
  });

  it('deletes the billing key at the service and marks the card removed; the default passes on', async () => {
    const { customer, first, second } = await customerWithTwoCards();
    const firstRow = await rowOf(first);
    const response = await customer.remove(first);
    expect(response.status).toBe(200);
    expect((await response.json()).cards).toMatchObject([{ id: second, isDefault: true }]);
    expect(await rowOf(first)).toMatchObject({ status: 'removed', isDefault: false, removedAt: expect.any(Date) });
    expect(await keyExists(firstRow?.customerUid ?? '')).toBe(false);

    // Removing the last card leaves none, and no default.
    expect((await (await customer.remove(second)).json()).cards).toEqual([]);
    // Removing it again: it is no longer there.
    expect((await customer.remove(second)).status).toBe(404);
  });

  it("refuses another user's card id, leaving the card and its key alone", async () => {
    const { customer: owner, first } = await customerWithTwoCards();
    const other = await Customer.signUp();
    const response = await other.remove(first);
    expect(response.status).toBe(404);
    expect(await rowOf(first)).toMatchObject({ status: 'active', isDefault: true });
    expect(await keyExists((await rowOf(first))?.customerUid ?? '')).toBe(true);
    expect(await owner.cards()).toHaveLength(2);
  });

  it('is refused with the reason while a feature depends on the card', async () => {
    // Subscriptions (another part of the app) register the real check in lib/cards/dependents.ts;
    // this test stands one in for "an active subscription charges this card", so the refusal path
    // is proven here without depending on that feature.
    const { customer, first, second } = await customerWithTwoCards();
    const reason = '이 카드로 결제 중인 정기구독이 있습니다. 구독의 결제 카드를 바꾼 뒤 삭제해 주세요.';
    const subscriptionUsesCard: CardDependencyCheck = async (card) => (card.id === first ? reason : undefined);
    cardDependencies.push(subscriptionUsesCard);

    const response = await customer.remove(first);
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toEqual({ code: 'card_in_use', message: reason, requestId: expect.any(String) });
    expect(await rowOf(first)).toMatchObject({ status: 'active', isDefault: true });
    expect(await keyExists((await rowOf(first))?.customerUid ?? '')).toBe(true);
    // A card nothing depends on is still removable.
    expect((await customer.remove(second)).status).toBe(200);
  });

  it('the service failing: 503 and nothing changed; a key already gone at the service still removes the card', async () => {
    const { customer, first } = await customerWithTwoCards();
    await app.emulator().injectFault({ method: 'DELETE', path: '/subscribe/customers/*', action: '503', count: 3 });
    const failed = await customer.remove(first);
    expect(failed.status).toBe(503);
    await app.emulator().clearFaults();
    expect(await rowOf(first)).toMatchObject({ status: 'active', isDefault: true });

    const row = await rowOf(first);
    await app.client().billingKeys.delete({ customer_uid: row?.customerUid ?? '' });
    expect((await customer.remove(first)).status).toBe(200);
    expect(await rowOf(first)).toMatchObject({ status: 'removed' });
  });
});

describe('the first card becomes the default', () => {
  it('however many registrations finish at once: exactly one default', async () => {
    const customer = await Customer.signUp();
    const responses = await Promise.all(
      ['4242-4242-4242-4242', '5555-5555-5555-4444', '4000-0000-0000-9995'].map((number) =>
        customer.keyIn(keyIn(number)),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201]);
    expect(await customer.cards()).toHaveLength(3);
    expect(await defaults(customer)).toHaveLength(1);
  });
});

describe('listing cards', () => {
  it("shows only the user's own active cards; signed out is 401", async () => {
    const { customer, first, second } = await customerWithTwoCards();
    const other = await Customer.signUp();
    await other.startWindow(); // a pending card is not listed
    expect(await other.cards()).toEqual([]);
    expect((await customer.cards()).map((card) => card.id)).toEqual([first, second]);
    const signedOut = await listRoute(pageRequest('/api/cards'), {});
    expect(signedOut.status).toBe(401);
  });
});

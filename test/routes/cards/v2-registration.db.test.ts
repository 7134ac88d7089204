// Issue 37: cards and wallets registered on PortOne V2 (PORTONE_API=v2): the window's key is read
// back from the service and kept only when it was issued for the customer_uid we minted for this
// user; key-in goes to POST /billing-keys; a card's key is deleted on its own API.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WALLET_PHONES } from '@/emulator/core/service/wallets';
import { getDb } from '@/lib/db';
import { cards } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { providerFor } from '@/lib/provider';
import { setupAppTest } from '@/test/app-harness';
import { TEST_CARDS } from '@/test/emulator/kit';
import { CARD_CONSENT, Customer, keyIn, onlyApprovedCard } from '@/test/kits/cards';
import { asV2Registration, issueInV2Window, onApi, registerOnV2, v2KeyHeld, withApi } from '@/test/kits/v2';

const app = setupAppTest();
onApi('v2');

const errorCode = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;
const cardRow = async (id: string) => (await (await getDb()).select().from(cards).where(eq(cards.id, id)))[0];

describe('window registration on V2', () => {
  it('answers the billing-key window, keeps the key the service issued for this card, lists the card', async () => {
    const customer = await Customer.signUp();
    const registration = asV2Registration(await customer.startWindow());
    expect(registration).toMatchObject({
      api: 'v2',
      storeId: env.PORTONE_STORE_ID,
      channelKey: env.PORTONE_CHANNEL_KEY,
      billingKeyMethod: 'CARD',
      issueId: registration.customerUid,
      customer: { customerId: registration.customerUid },
      scriptUrl: expect.stringMatching(/\/v2\/browser-sdk\.js$/),
    });
    const billingKey = issueInV2Window(app.emulator(), registration);
    const response = await customer.verify({ customer_uid: registration.customerUid, billingKey });
    expect(response.status).toBe(201);
    const { cardId } = (await response.json()) as { cardId: string };
    expect(await customer.cards()).toEqual([onlyApprovedCard(cardId, 'window')]);
    expect(await cardRow(cardId)).toMatchObject({ api: 'v2', billingKey, status: 'active', method: 'card' });

    const again = await customer.verify({ customer_uid: registration.customerUid, billingKey });
    expect(await errorCode(again)).toBe('replayed');
  });

  it("a key issued for another customer id, or another user's registration, is refused and left alone", async () => {
    const customer = await Customer.signUp();
    const other = await Customer.signUp();
    const mine = asV2Registration(await customer.startWindow());
    const theirs = asV2Registration(await other.startWindow());
    const theirKey = issueInV2Window(app.emulator(), theirs);
    // The other user's key, presented for my registration: not issued for my customer_uid.
    expect(await errorCode(await customer.verify({ customer_uid: mine.customerUid, billingKey: theirKey }))).toBe(
      'issuance_mismatch',
    );
    // My session naming their registration.
    expect(await errorCode(await customer.verify({ customer_uid: theirs.customerUid, billingKey: theirKey }))).toBe(
      'foreign_customer_uid',
    );
    expect(await v2KeyHeld(theirKey)).toBe(true);
    expect(
      await errorCode(await customer.verify({ customer_uid: mine.customerUid, billingKey: 'billing-key-nope' })),
    ).toBe('not_issued');
    // A V1 body for a V2 registration is not this registration's either.
    expect(
      await errorCode(await customer.verify({ customer_uid: mine.customerUid, imp_uid: 'imp_123456789012' })),
    ).toBe('foreign_customer_uid');
    expect(await customer.cards()).toEqual([]);
  });

  it('KakaoPay registers on the easy-pay channel; a wallet V2 has no channel for is refused (409)', async () => {
    const customer = await Customer.signUp();
    const registration = asV2Registration(await customer.startWindow({ consent: CARD_CONSENT, method: 'kakaopay' }));
    expect(registration).toMatchObject({ billingKeyMethod: 'EASY_PAY', channelKey: env.PORTONE_EASY_PAY_CHANNEL_KEY });
    const billingKey = issueInV2Window(app.emulator(), registration, { phone: WALLET_PHONES.approved });
    const response = await customer.verify({ customer_uid: registration.customerUid, billingKey });
    expect(response.status).toBe(201);
    const { cardId } = (await response.json()) as { cardId: string };
    expect(await cardRow(cardId)).toMatchObject({ api: 'v2', method: 'kakaopay', billingKey });

    const naver = await customer.startWindowRaw({ consent: CARD_CONSENT, method: 'naverpay' });
    expect(naver.status).toBe(409);
    expect(await errorCode(naver)).toBe('method_unavailable');
  });

  it('removing a V2 card deletes its key at V2; a V1 card, registered before the switch, at V1', async () => {
    const customer = await Customer.signUp();
    const { response, billingKey } = await registerOnV2(customer, app.emulator());
    const { cardId } = (await response.json()) as { cardId: string };
    expect((await customer.remove(cardId)).status).toBe(200);
    expect(await v2KeyHeld(billingKey)).toBe(false);
    expect(await cardRow(cardId)).toMatchObject({ status: 'removed' });

    const v1 = await withApi('v1', () => customer.registerInWindow(app.emulator()));
    expect(v1.response.status).toBe(201);
    const v1Card = (await v1.response.json()) as { cardId: string };
    expect(await cardRow(v1Card.cardId)).toMatchObject({ api: 'v1', billingKey: null });
    expect((await customer.remove(v1Card.cardId)).status).toBe(200);
    await expect(app.client().billingKeys.get({ customer_uid: v1.registration.customerUid })).rejects.toThrow();
  });
});

describe('key-in registration on V2', () => {
  it('issues a key at V2 for the card number and keeps it; a refused card keeps nothing', async () => {
    const customer = await Customer.signUp();
    const response = await customer.keyIn(keyIn(TEST_CARDS.approved));
    expect(response.status).toBe(201);
    const { cardId } = (await response.json()) as { cardId: string };
    const row = await cardRow(cardId);
    expect(row).toMatchObject({ api: 'v2', status: 'active', registeredVia: 'key_in', cardName: '신한카드' });
    expect(row?.billingKey).toEqual(expect.any(String));
    expect(await v2KeyHeld(row?.billingKey ?? '')).toBe(true);
    expect((await providerFor('v2').readKey(row?.billingKey ?? '')).customerId).toBe(row?.customerUid);

    const refused = await customer.keyIn(keyIn(TEST_CARDS.refused));
    expect(refused.status).toBe(422);
    expect(await errorCode(refused)).toBe('card_refused');
    expect(await customer.cards()).toHaveLength(1);
  });
});

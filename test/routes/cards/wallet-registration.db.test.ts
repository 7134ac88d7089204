// Wallets (카카오페이·네이버페이·토스페이) kept as payment means beside cards: registered through
// the wallet's window under a customer_uid this server mints, kept with what the service's key
// record says it pays with, listed by name, removed, and gone with 회원탈퇴 — against a real
// emulator (its window completed through the control API's shortcut) and a real database.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sha256 } from '@/lib/consents/log';
import { CARD_CONSENT_VERSION, cardConsentText } from '@/lib/consents/shared/card-text';
import { cards, consents } from '@/lib/db/schema';
import { iamport } from '@/lib/iamport';
import { withdrawAccount } from '@/lib/withdrawal/withdraw';
import { setupAppTest } from '@/test/app-harness';
import { billingKeyExists, CARD_CONSENT, Customer } from '@/test/kits/cards';
import { completeWalletWindow, registerWallet, startWallet, WALLET_PHONES, walletKept } from './wallet-kit';

const app = setupAppTest();

const rowsOf = (userId: string) => app.db().select().from(cards).where(eq(cards.userId, userId));
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string } }).error;

const listedWallet = (id: string, method: string, isDefault = true) => ({
  id,
  method,
  cardName: expect.stringContaining(
    { kakaopay: '카카오페이', naverpay: '네이버페이', tosspay: '토스페이' }[method] ?? '?',
  ),
  numberMasked: null,
  isDefault,
  registeredVia: 'window',
  registeredAt: expect.any(String),
  duplicateOf: null,
  subscriptionPlan: null,
});

describe('a wallet registered as a payment means', () => {
  it("the window is the wallet's: pg = the wallet, amount 0 at the service, a title naming it", async () => {
    const customer = await Customer.signUp();
    const registration = await startWallet(customer, 'kakaopay');
    expect(registration).toEqual({
      api: 'v1',
      customerUid: expect.stringMatching(/^cus_[\w-]{22}$/),
      merchantUid: registration.customerUid,
      method: 'kakaopay',
      pg: 'kakaopay',
      name: '카카오페이 등록',
      buyerName: customer.user.name,
      buyerEmail: customer.user.email,
    });
    // Nothing is known of what it pays with until the service says so.
    expect(await rowsOf(customer.user.id)).toMatchObject([
      { customerUid: registration.customerUid, status: 'pending', method: 'card' },
    ]);
    // The consent logged is the wallet's text, as the page showed it.
    const [logged] = await app.db().select().from(consents).where(eq(consents.userId, customer.user.id));
    expect(logged).toMatchObject({
      kind: 'card_registration',
      termsVersion: CARD_CONSENT_VERSION,
      textSha256: sha256([CARD_CONSENT_VERSION, ...cardConsentText(undefined, 'kakaopay')].join('\n')),
    });
    expect(cardConsentText(undefined, 'kakaopay').at(-1)).toBe('결제수단 등록(빌링키 보관)에 동의합니다');
  });

  it.each(['kakaopay', 'naverpay', 'tosspay'] as const)(
    '%s approved: kept as that wallet, by name with no number, the default when first',
    async (wallet) => {
      const customer = await Customer.signUp();
      const { registration, response } = await registerWallet(customer, app.emulator(), wallet);
      expect(response.status).toBe(201);
      const body = (await response.json()) as { cardId: string; cards: unknown[] };
      expect(body.cards).toEqual([listedWallet(body.cardId, wallet)]);
      expect(await customer.cards()).toEqual(body.cards);
      expect(await rowsOf(customer.user.id)).toMatchObject([
        { customerUid: registration.customerUid, status: 'active', method: wallet, cardNumberMasked: null },
      ]);
      // The key is the wallet's at the service.
      const key = await iamport().billingKeys.get({ customer_uid: registration.customerUid });
      expect(key.pg_provider).toBe(wallet);
    },
  );

  it("a wallet beside a card: listed after it, not the default; what each pays with is the service's word", async () => {
    const customer = await Customer.signUp();
    const { response: card } = await customer.registerInWindow(app.emulator());
    expect(card.status).toBe(201);
    const walletId = await walletKept(customer, app.emulator(), 'naverpay');
    expect((await customer.cards()).map((c) => [c.method, c.isDefault, c.id === walletId])).toEqual([
      ['card', true, false],
      ['naverpay', false, true],
    ]);
    // Made the default like any card.
    expect((await customer.chooseDefault(walletId)).status).toBe(200);
    expect((await customer.cards()).find((c) => c.isDefault)?.id).toBe(walletId);
  });

  it('a window opened otherwise than the page asked: the kept method follows the key, not the request', async () => {
    const customer = await Customer.signUp();
    // Asked for a card, completed in 토스페이's window under the same customer_uid.
    const asCard = await customer.startWindow({ consent: CARD_CONSENT });
    const { rsp } = await completeWalletWindow(app.emulator(), { ...asCard, pg: 'tosspay' });
    expect((await customer.verify({ customer_uid: asCard.customerUid, imp_uid: rsp.imp_uid })).status).toBe(201);
    // Asked for 카카오페이, completed with a card.
    const asWallet = await startWallet(customer, 'kakaopay');
    const { rsp: cardRsp } = await customer.completeWindow(app.emulator(), { ...asWallet, pg: 'html5_inicis' });
    expect((await customer.verify({ customer_uid: asWallet.customerUid, imp_uid: cardRsp.imp_uid })).status).toBe(201);
    const rows = await rowsOf(customer.user.id);
    expect(rows.find((row) => row.customerUid === asCard.customerUid)?.method).toBe('tosspay');
    expect(rows.find((row) => row.customerUid === asWallet.customerUid)).toMatchObject({
      method: 'card',
      cardNumberMasked: '4242-42**-****-4242',
    });
  });

  it('010-4000-0002: the wallet refuses, no key; a hand-made claim of success keeps nothing', async () => {
    const customer = await Customer.signUp();
    const { registration, rsp, response } = await registerWallet(
      customer,
      app.emulator(),
      'kakaopay',
      WALLET_PHONES.declined,
    );
    expect(rsp).toMatchObject({ success: false });
    expect(rsp.error_msg).toContain('간편결제 승인 거절');
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({ code: 'issuance_mismatch' });
    expect(await customer.cards()).toEqual([]);
    expect(await billingKeyExists(iamport(), registration.customerUid)).toBe(false);
  });

  it('010-4000-9995: the key is issued and kept (its charges fail later, not its registration)', async () => {
    const customer = await Customer.signUp();
    const cardId = await walletKept(customer, app.emulator(), 'kakaopay', WALLET_PHONES.chargesFail);
    expect(await customer.cards()).toEqual([listedWallet(cardId, 'kakaopay')]);
  });

  it('removed: the key is deleted at the service and the wallet leaves the list', async () => {
    const customer = await Customer.signUp();
    const { registration, response } = await registerWallet(customer, app.emulator(), 'tosspay');
    const { cardId } = (await response.json()) as { cardId: string };
    const removed = await customer.remove(cardId);
    expect(removed.status).toBe(200);
    expect(await customer.cards()).toEqual([]);
    expect(await billingKeyExists(iamport(), registration.customerUid)).toBe(false);
    expect(await rowsOf(customer.user.id)).toMatchObject([{ status: 'removed', method: 'tosspay' }]);
  });

  it('회원탈퇴: the wallet key goes with the account', async () => {
    const customer = await Customer.signUp();
    const { registration } = await registerWallet(customer, app.emulator(), 'kakaopay');
    await withdrawAccount(customer.user);
    expect(await billingKeyExists(iamport(), registration.customerUid)).toBe(false);
    expect(await rowsOf(customer.user.id)).toMatchObject([{ status: 'removed' }]);
  });

  it('a method that is no wallet, or not a string: 400, nothing minted', async () => {
    const customer = await Customer.signUp();
    for (const method of ['paypal', 'vbank', 'kakaopay.store', 42, null, ['kakaopay']]) {
      const response = await customer.startWindowRaw({ consent: CARD_CONSENT, method });
      expect(response.status, JSON.stringify(method)).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: 'bad_request' });
    }
    expect(await rowsOf(customer.user.id)).toEqual([]);
  });
});

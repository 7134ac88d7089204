// Consent to keep a card (a billing key) before registering it, by key-in or in the window: no
// consent, no card minted and nothing sent to the service; with it, the consent is logged with the
// hash of the text the server renders (the card as the form showed it, masked).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sha256 } from '@/lib/consents/log';
import { CARD_CONSENT_VERSION, cardConsentText, hideCardNumber } from '@/lib/consents/shared/card-text';
import { cards, consents } from '@/lib/db/schema';
import { setupAppTest } from '@/test/app-harness';
import { TEST_CARDS } from '@/test/emulator/kit';
import { CARD_CONSENT, Customer, keyIn } from '@/test/kits/cards';

const app = setupAppTest();

const rowsOf = (userId: string) => app.db().select().from(cards).where(eq(cards.userId, userId));
const consentsOf = (userId: string) => app.db().select().from(consents).where(eq(consents.userId, userId));
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string } }).error;

describe('consent to keep a card', () => {
  it('shows the card masked: first 6 and last 4 digits', () => {
    expect(hideCardNumber('4242-4242-4242-4242')).toBe('4242-42**-****-4242');
    expect(cardConsentText('4242-42**-****-4242')[0]).toBe('등록할 카드: 4242-42**-****-4242');
    expect(cardConsentText().at(-1)).toBe('카드 등록(빌링키 보관)에 동의합니다');
  });

  it.each([
    ['no consent', undefined, 422, 'consent_required'],
    ['agreed: false', { agreed: false, version: CARD_CONSENT_VERSION }, 422, 'consent_required'],
    ['an old text', { agreed: true, version: 'card-billing-key-2020-v0' }, 409, 'consent_outdated'],
  ])('key-in with %s: refused, no card, no billing key', async (_, consent, status, code) => {
    const customer = await Customer.signUp();
    const keysBefore = (await app.emulator().billingKeys()).length;
    const response = await customer.keyIn({ ...keyIn(TEST_CARDS.approved), ...(consent && { consent }) }, false);
    expect(response.status).toBe(status);
    expect(await errorOf(response)).toMatchObject({ code });
    expect(await rowsOf(customer.user.id)).toEqual([]);
    expect(await consentsOf(customer.user.id)).toEqual([]);
    expect((await app.emulator().billingKeys()).length).toBe(keysBefore);
  });

  it('key-in with consent: the card is registered and the consent logged against it', async () => {
    const customer = await Customer.signUp();
    const before = await app.emulator().now();
    const response = await customer.keyIn(keyIn(TEST_CARDS.approved));
    const after = await app.emulator().now();
    expect(response.status).toBe(201);
    const { cardId } = (await response.json()) as { cardId: string };
    const text = cardConsentText('4242-42**-****-4242');
    const [logged] = await consentsOf(customer.user.id);
    // The service's clock runs in this file: the consent is dated by it, while the request ran.
    expect(logged?.givenAt).toBeGreaterThanOrEqual(before - 1);
    expect(logged?.givenAt).toBeLessThanOrEqual(after + 1);
    expect(await consentsOf(customer.user.id)).toEqual([
      expect.objectContaining({
        kind: 'card_registration',
        termsVersion: CARD_CONSENT_VERSION,
        textSha256: sha256([CARD_CONSENT_VERSION, ...text].join('\n')),
        subjectId: cardId,
      }),
    ]);
  });

  it('the window is not started without consent; with it, the consent is logged for the card it mints', async () => {
    const customer = await Customer.signUp();
    const refused = await customer.startWindowRaw({});
    expect(refused.status).toBe(422);
    expect(await rowsOf(customer.user.id)).toEqual([]);
    const registration = await customer.startWindow({ consent: CARD_CONSENT });
    const [card] = await rowsOf(customer.user.id);
    expect(card?.customerUid).toBe(registration.customerUid);
    expect(await consentsOf(customer.user.id)).toEqual([
      expect.objectContaining({
        kind: 'card_registration',
        textSha256: sha256([CARD_CONSENT_VERSION, ...cardConsentText()].join('\n')),
        subjectId: card?.id,
      }),
    ]);
  });
});

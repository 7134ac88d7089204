// Issue 12, scenario 4: the card-registration window charges nothing. Its amount is pinned at 0
// at the service before the window opens; whatever a window charged anyway is refunded in full — on verify,
// and from the notice when the browser never comes back — and no card is stored on it.
import { describe, expect, it } from 'vitest';
import { deliverWebhook } from '@/test/app-bridge';
import { setupAppTest } from '@/test/app-harness';
import { cardFields } from '@/test/emulator/kit';
import { Customer } from '@/test/kits/cards';

const app = setupAppTest();

const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string } }).error;
const keptUnder = async (merchantUid: string) =>
  (await app.emulator().payments()).filter((p) => p.merchant_uid === merchantUid && p.amount > p.cancel_amount);

describe('scenario 4: the card-registration window accepts any amount', () => {
  it('the window is pinned at 0 at the service: one opened with 50,000원 is refused before it opens', async () => {
    const customer = await Customer.signUp();
    const registration = await customer.startWindow();
    const { rsp } = await customer.completeWindow(app.emulator(), registration, 'approved', 50_000);
    expect(rsp).toMatchObject({ success: false, error_code: 'AMOUNT_MISMATCH' });
    expect(await keptUnder(registration.merchantUid)).toEqual([]);
    expect(await customer.cards()).toEqual([]);
  });

  it('money a window took anyway (the pin lost at the service): refused on verify, refunded, no card', async () => {
    const customer = await Customer.signUp();
    const registration = await customer.startWindow();
    // The service's record of the pin changed behind the app's back: only the verify stands between.
    const { status } = await app
      .emulator()
      .rest('PUT', '/payments/prepare', { merchant_uid: registration.merchantUid, amount: 50_000 });
    expect(status).toBe(200);
    const { rsp } = await customer.completeWindow(app.emulator(), registration, 'approved', 50_000);
    expect(rsp.success).toBe(true);
    const response = await customer.verify({ customer_uid: registration.customerUid, imp_uid: rsp.imp_uid });
    expect(response.status).toBe(422);
    expect(await errorOf(response)).toMatchObject({ code: 'unexpected_amount' });
    expect(await keptUnder(registration.merchantUid)).toEqual([]);
    expect(await customer.cards()).toEqual([]);
  });

  it('money paid under a registration whose browser never came back is refunded from the notice', async () => {
    const customer = await Customer.signUp();
    const registration = await customer.startWindow();
    // Paid under the registration's merchant_uid without the window's checks (as a provider that
    // skips the pinned amount would): the notice is all the app hears.
    const paid = await app.client().charges.onetime({
      merchant_uid: registration.merchantUid,
      amount: 50_000,
      name: '카드 등록',
      ...cardFields('approved'),
    });
    if (paid.outcome !== 'paid') throw new Error('not paid');
    const response = await deliverWebhook(
      JSON.stringify({ imp_uid: paid.payment.imp_uid, merchant_uid: registration.merchantUid, status: 'paid' }),
    );
    expect(response.status).toBe(200);
    expect((await response.json()).outcome).toBe('refunded: a card registration took money');
    expect(await keptUnder(registration.merchantUid)).toEqual([]);
  });
});

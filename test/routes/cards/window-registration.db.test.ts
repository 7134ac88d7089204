// Registering a card through the payment window: the routes /account/cards calls, against a real
// emulator (its window completed through the control API's shortcut) and a real database.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as startRoute } from '@/app/api/cards/window/route';
import { cards } from '@/lib/db/schema';
import { setupAppTest } from '@/test/app-harness';
import { pageRequest } from '@/test/factories';
import { Customer, onlyApprovedCard } from '@/test/kits/cards';

const app = setupAppTest();

const rowsOf = (userId: string) => app.db().select().from(cards).where(eq(cards.userId, userId));
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string } }).error;

describe('card registration through the payment window', () => {
  it('mints a customer_uid for the user and the window params: amount 0, pg from configuration, buyer from the account', async () => {
    const customer = await Customer.signUp();
    const registration = await customer.startWindow();
    expect(registration).toEqual({
      api: 'v1',
      customerUid: expect.stringMatching(/^cus_[\w-]{22}$/),
      merchantUid: registration.customerUid,
      method: 'card',
      pg: 'html5_inicis',
      name: '카드 등록',
      buyerName: customer.user.name,
      buyerEmail: customer.user.email,
    });
    expect(await rowsOf(customer.user.id)).toMatchObject([
      { customerUid: registration.customerUid, status: 'pending', registeredVia: 'window', isDefault: false },
    ]);
    // One customer_uid per card: every start mints a new one.
    expect((await customer.startWindow()).customerUid).not.toBe(registration.customerUid);
  });

  it('4242 issued: the card is stored active with the masked number and card name, as the default', async () => {
    const customer = await Customer.signUp();
    const { registration, response } = await customer.registerInWindow(app.emulator());
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.cards).toEqual([onlyApprovedCard(body.cardId, 'window')]);
    const [row] = await rowsOf(customer.user.id);
    expect(row).toMatchObject({ customerUid: registration.customerUid, status: 'active', isDefault: true });
    expect(await customer.cards()).toEqual(body.cards);
  });

  it.each([
    ['refused', '[F112]'],
    ['expired', '[F113]'],
  ] as const)('%s card: the window fails, and a hand-made claim of success stores nothing', async (card, message) => {
    const customer = await Customer.signUp();
    const registration = await customer.startWindow();
    const { rsp } = await customer.completeWindow(app.emulator(), registration, card);
    expect(rsp).toMatchObject({ success: false, error_code: 'CARD_REFUSED' });
    expect(rsp.error_msg).toContain(message);
    // The browser claims success anyway, with the failed payment's imp_uid.
    const response = await customer.verify({ customer_uid: registration.customerUid, imp_uid: rsp.imp_uid });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({ code: 'issuance_mismatch' });
    expect(await customer.cards()).toEqual([]);
    expect(await rowsOf(customer.user.id)).toMatchObject([{ status: 'pending' }]);
  });

  it('no billing key yet (window never completed): not issued', async () => {
    const customer = await Customer.signUp();
    const registration = await customer.startWindow();
    const response = await customer.verify({ customer_uid: registration.customerUid, imp_uid: 'imp_000000000000' });
    expect(response.status).toBe(422);
    expect(await errorOf(response)).toMatchObject({ code: 'not_issued' });
    expect(await customer.cards()).toEqual([]);
  });

  it("refuses another user's customer_uid, even with that user's genuine window result", async () => {
    const owner = await Customer.signUp();
    const thief = await Customer.signUp();
    const registration = await owner.startWindow();
    const { rsp } = await owner.completeWindow(app.emulator(), registration);
    const response = await thief.verify({ customer_uid: registration.customerUid, imp_uid: rsp.imp_uid });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({ code: 'foreign_customer_uid' });
    expect(await rowsOf(thief.user.id)).toEqual([]);
    // The owner can still complete it.
    expect((await owner.verify({ customer_uid: registration.customerUid, imp_uid: rsp.imp_uid })).status).toBe(201);
  });

  it('refuses a customer_uid this server never minted, though the service has a key under it', async () => {
    const customer = await Customer.signUp();
    const invented = { customerUid: 'cus_invented_by_the_browser', merchantUid: 'cus_invented_by_the_browser' };
    const { rsp } = await customer.completeWindow(app.emulator(), {
      ...invented,
      method: 'card',
      pg: 'html5_inicis',
      name: '카드 등록',
      buyerName: '홍길동',
      buyerEmail: 'x@example.com',
    });
    expect(rsp.success).toBe(true);
    const response = await customer.verify({ customer_uid: invented.customerUid, imp_uid: rsp.imp_uid });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({ code: 'foreign_customer_uid' });
    expect(await rowsOf(customer.user.id)).toEqual([]);
  });

  it('refuses a replayed result, and one issuance presented for another pending card', async () => {
    const customer = await Customer.signUp();
    const { registration, rsp, response } = await customer.registerInWindow(app.emulator());
    expect(response.status).toBe(201);
    const replay = await customer.verify({ customer_uid: registration.customerUid, imp_uid: rsp.imp_uid });
    expect(replay.status).toBe(409);
    expect(await errorOf(replay)).toMatchObject({ code: 'replayed' });

    const other = await customer.startWindow();
    const swapped = await customer.verify({ customer_uid: other.customerUid, imp_uid: rsp.imp_uid });
    expect(swapped.status).toBe(403);
    expect(await errorOf(swapped)).toMatchObject({ code: 'issuance_mismatch' });
    expect(await customer.cards()).toHaveLength(1);
  });

  it('a second card is not the default; the first stays so', async () => {
    const customer = await Customer.signUp();
    await customer.registerInWindow(app.emulator());
    const { response } = await customer.registerInWindow(app.emulator());
    const { cards: listed } = await response.json();
    expect(listed.map((card: { isDefault: boolean }) => card.isDefault)).toEqual([true, false]);
  });

  it('bad bodies, no session or a foreign origin: 4xx and nothing stored', async () => {
    const customer = await Customer.signUp();
    const registration = await customer.startWindow();
    const { rsp } = await customer.completeWindow(app.emulator(), registration);
    for (const body of [
      {},
      { customer_uid: registration.customerUid },
      { imp_uid: rsp.imp_uid },
      { customer_uid: 42, imp_uid: rsp.imp_uid },
      { customer_uid: registration.customerUid, imp_uid: 'not an imp uid' },
      { customer_uid: "cus_x'; drop table cards; --", imp_uid: rsp.imp_uid },
      '{oops',
      [],
    ]) {
      const response = await customer.verify(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: 'bad_request' });
    }
    const unsigned = await startRoute(pageRequest('/api/cards/window', { method: 'POST' }), {});
    expect(unsigned.status).toBe(401);
    const foreign = await startRoute(
      pageRequest('/api/cards/window', { method: 'POST', cookie: customer.cookie, origin: 'https://evil.example' }),
      {},
    );
    expect(foreign.status).toBe(403);
    expect(await rowsOf(customer.user.id)).toMatchObject([{ status: 'pending' }]);
  });

  it('the service unreachable while verifying: 503, the card stays pending and can be verified later', async () => {
    const customer = await Customer.signUp();
    const registration = await customer.startWindow();
    const { rsp } = await customer.completeWindow(app.emulator(), registration);
    await app.emulator().injectFault({ method: 'GET', path: '/payments/*', action: '503', count: 5 });
    const failed = await customer.verify({ customer_uid: registration.customerUid, imp_uid: rsp.imp_uid });
    expect(failed.status).toBe(503);
    await app.emulator().clearFaults();
    expect(await customer.cards()).toEqual([]);
    expect((await customer.verify({ customer_uid: registration.customerUid, imp_uid: rsp.imp_uid })).status).toBe(201);
  });
});

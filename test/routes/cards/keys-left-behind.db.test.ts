// Issue 23.2: no billing key left at the service for a card nobody may use any more. A registration
// that settles after 회원탈퇴 (a window left open, a key-in in flight) or under a removed card's
// customer_uid deletes its key at the service — on its notice or its answer — and reconciliation
// deletes any key the service still holds for a customer_uid that is not a live card.
import { describe, expect, it } from 'vitest';
import { createIamportClient } from '@/lib/iamport';
import { reconcile } from '@/lib/reconciliation/reconcile';
import { withdrawAccount } from '@/lib/withdrawal/withdraw';
import { setupAppTest } from '@/test/app-harness';
import { TEST_CARDS } from '@/test/emulator/kit';
import { Customer, keyIn } from '@/test/kits/cards';
import { withOverride } from '@/test/kits/overrides';

const app = setupAppTest({ bridge: true });

const heldKeys = async () => new Set((await app.emulator().billingKeys()).map((key) => key.customer_uid));

/** Waits (bounded) until the emulator has no notice in flight: the app has heard what it will hear. */
async function noticesDelivered() {
  for (let i = 0; i < 200; i++) {
    const log = await app.emulator().webhooks();
    if (!log.some((d) => d.status === 'sending' || d.status === 'pending')) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('notices still in flight');
}

describe('after 회원탈퇴', () => {
  it('a card window left open completes afterwards: its notice deletes the key', async () => {
    const customer = await Customer.signUp();
    const registration = await customer.startWindow();
    await withdrawAccount(customer.user);
    await customer.completeWindow(app.emulator(), registration);
    await noticesDelivered();
    expect(await heldKeys()).not.toContain(registration.customerUid);
  });

  it('the same with its notice lost: reconciliation deletes the key', async () => {
    const customer = await Customer.signUp();
    const registration = await customer.startWindow();
    await withdrawAccount(customer.user);
    await app.emulator().setWebhookSwitch({ mode: 'drop', count: 1 });
    await customer.completeWindow(app.emulator(), registration);
    expect(await heldKeys()).toContain(registration.customerUid);
    const report = await reconcile();
    expect(report.cards.errors).toEqual([]);
    expect(await heldKeys()).not.toContain(registration.customerUid);
  });

  it('a key-in in flight while the account is withdrawn: the key issued is deleted, no card kept', async () => {
    const customer = await Customer.signUp();
    // The withdrawal runs while the registration request is on its way to the service.
    let withdrawn = false;
    const racing: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (!withdrawn && init?.method === 'POST' && url.pathname.startsWith('/subscribe/customers/')) {
        withdrawn = true;
        await withdrawAccount(customer.user);
      }
      return fetch(input, init);
    };
    const response = await withOverride(
      'iamport',
      createIamportClient({ baseUrl: app.emulator().url, key: 'test_key', secret: 'test_secret', fetch: racing }),
      () => customer.keyIn(keyIn(TEST_CARDS.approved)),
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(withdrawn).toBe(true);
    const keys = (await app.emulator().billingKeys()).filter((key) => key.customer_email === customer.user.email);
    expect(keys).toEqual([]);
  });
});

describe('after a card is removed', () => {
  it('a window re-issuing a key under its customer_uid (another order number): reconciliation deletes it', async () => {
    const customer = await Customer.signUp();
    const { registration, response } = await customer.registerInWindow(app.emulator());
    const { cardId } = (await response.json()) as { cardId: string };
    expect((await customer.remove(cardId)).status).toBe(200);
    expect(await heldKeys()).not.toContain(registration.customerUid);
    // The browser still knows the customer_uid and opens a window with it again, under an order
    // number of its own: its notice names nothing of ours, so reconciliation must find it.
    const reissued = await customer.completeWindow(app.emulator(), {
      ...registration,
      merchantUid: `browser-${crypto.randomUUID().slice(0, 8)}`,
    });
    expect(reissued.rsp.success).toBe(true);
    await noticesDelivered();
    expect(await heldKeys()).toContain(registration.customerUid);
    await reconcile();
    expect(await heldKeys()).not.toContain(registration.customerUid);
  });
});

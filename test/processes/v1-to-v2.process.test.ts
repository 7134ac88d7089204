// Issue 37's done-when as a merchant lives it: the shop runs on V1 (`npm start` over the build, the
// emulator and the embedded database), a customer signs up, keys in a card and buys; the merchant
// stops the shop and starts it again with one setting changed, PORTONE_API=v2. The V1 order is then
// refunded through V1; a card keyed in now is a V2 billing key; a subscription on it is charged and
// booked on V2, and when the emulator's clock reaches the booking, V2's scheduler charges it and
// its signed notice renews the subscription in the app — all over real HTTP between processes.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { keyInCard, must, signUpCustomer } from '@/test/http-customer';
import { createDatabase, dropDatabase } from './postgres-databases';
import { temporaryDirectory, waitFor } from './processes';
import { type Shop, startShop } from './shop';

const engines = [{ name: 'the embedded database', postgres: false }];
if (inject('postgresUrl')) engines.push({ name: 'PostgreSQL', postgres: true });

interface Charge {
  kind: string;
  status: string;
  amount: number;
  merchantUid: string;
  periodStart: number | null;
}
interface Summary {
  id: string;
  status: string;
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  charges: Charge[];
}

/** The emulator's V2 API, as the merchant's console reads it (the default merchant's V2 secret). */
async function v2Payment(running: Shop, paymentId: string) {
  const response = await fetch(`${running.emulatorV2}/payments/${encodeURIComponent(paymentId)}`, {
    headers: { authorization: 'PortOne test_v2_api_secret' },
  });
  return (await response.json()) as { status: string; amount: { total: number; cancelled: number } };
}

describe.each(engines)('on $name', ({ postgres }) => {
  const dataDir = temporaryDirectory();
  let databaseUrl: string | undefined;
  let shop: Shop | undefined;
  afterAll(async () => {
    await shop?.stop();
    if (databaseUrl) await dropDatabase(inject('postgresUrl'), databaseUrl);
  });

  it('a shop started on V1 and restarted on V2 refunds its V1 payment through V1 and renews on V2', async () => {
    if (postgres) databaseUrl = await createDatabase(inject('postgresUrl'), 'imp_switch');
    shop = await startShop({ dataDir, databaseUrl });
    const customer = await signUpCustomer(shop.app, shop.emulator, 37);
    const bought = await must(
      customer.browser.request<{ order: { orderNumber: string; merchantUid: string; status: string; amount: number } }>(
        'POST',
        '/api/orders/buy-now',
        {
          productId: 'drip-bag-20',
          idempotencyKey: 'switch-test-purchase-on-v1',
          quantity: 1,
          // A delivery, so the customer may cancel it before it ships.
          shipping: {
            recipient: '김하늘',
            phone: '01023456789',
            postcode: '04524',
            address: '서울특별시 중구 세종대로 110',
            addressDetail: '3층',
            note: '',
          },
          saveAddress: false,
        },
      ),
      'buy now on V1',
    );
    expect(bought.order.status).toBe('paid');

    // The merchant switches: Ctrl-C, then the same command with PORTONE_API=v2.
    expect(await shop.stop()).toBe(0);
    shop = await startShop({ dataDir, databaseUrl, settings: { PORTONE_API: 'v2' } });
    const running = shop;
    // The same customer on the same address, still signed in (the session is in the database).
    const browser = customer.browser;

    // The V1 order is refunded through V1: its payment cancelled at V1, in full, once.
    const cancelled = await browser.request<{ result: { refund: string; amount: number } }>(
      'POST',
      `/api/orders/${bought.order.orderNumber}/cancel`,
    );
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    expect(cancelled.json.result).toEqual({ refund: 'made', amount: bought.order.amount });
    const v1Payments = (await (await fetch(`${running.emulator}/__emulator/api/payments`)).json()) as {
      merchant_uid: string;
      status: string;
      cancel_amount: number;
    }[];
    expect(v1Payments.filter((p) => p.merchant_uid === bought.order.merchantUid)).toEqual([
      expect.objectContaining({ status: 'cancelled', cancel_amount: bought.order.amount }),
    ]);

    // A card keyed in now is a V2 billing key; a subscription on it is charged on V2.
    const card = await must(keyInCard(browser) as Promise<{ status: number; json: { cardId: string } }>, 'card on V2');
    const offer = await must(
      browser.request<{ offer: { consentToken: string } }>('POST', '/api/subscriptions/offer', {
        planId: 'hourly-demo',
        cardId: card.cardId,
      }),
      'offer',
    );
    const subscribed = await must(
      browser.request<{ subscriptionId: string; subscriptions: Summary[] }>('POST', '/api/subscriptions', {
        planId: 'hourly-demo',
        cardId: card.cardId,
        idempotencyKey: 'switch-test-subscribe-on-v2-0001',
        consent: { agreed: true, token: offer.offer.consentToken },
      }),
      'subscribe on V2',
    );
    const started = subscribed.subscriptions.find((s) => s.id === subscribed.subscriptionId);
    const first = started?.charges.find((c) => c.kind === 'first');
    expect(first?.status).toBe('paid');
    expect(await v2Payment(running, first?.merchantUid ?? '')).toMatchObject({
      status: 'PAID',
      amount: { total: first?.amount },
    });
    const end = started?.currentPeriodEnd ?? 0;

    // The emulator's clock reaches the booking: V2's scheduler charges it, its signed notice renews.
    const advanced = await fetch(`${running.emulator}/__emulator/api/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 3_600 }),
    });
    expect(advanced.status).toBe(200);
    const renewed = await waitFor('the renewal charged on V2 and applied from its notice', async () => {
      const { json } = await browser.request<{ subscriptions: Summary[] }>('GET', '/api/subscriptions');
      const now = json.subscriptions.find((s) => s.id === subscribed.subscriptionId);
      return now?.currentPeriodStart === end ? now : undefined;
    });
    const renewal = renewed.charges.find((c) => c.kind === 'renewal' && c.periodStart === end);
    expect(renewal?.status).toBe('paid');
    expect(await v2Payment(running, renewal?.merchantUid ?? '')).toMatchObject({
      status: 'PAID',
      amount: { total: renewal?.amount },
    });
  });
});

// providerFor(record.api): a record is refunded and read through the API it was made on, whatever
// PORTONE_API says now — a shop moved from V1 to V2 still refunds its V1 payments.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db';
import { cards, orders } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { setupAppTest } from '@/test/app-harness';
import { createTestCard, createTestUser } from '@/test/factories';
import { withOverride } from '@/test/kits/overrides';
import { createV2Provider, provider, providerFor } from '.';

const app = setupAppTest();
const configured = env.PORTONE_API;
afterEach(() => {
  env.PORTONE_API = configured;
});

describe('providerFor', () => {
  it('a V1 order, charged before the switch, is refunded through V1 after PORTONE_API=v2', async () => {
    const user = await createTestUser();
    const card = await createTestCard(user.id);
    expect(card.api).toBe('v1');
    const charged = await providerFor(card.api).chargeKey({
      key: card.customerUid,
      orderId: `ord_${card.id.slice(0, 8)}`,
      amount: 8800,
      orderName: '전환 전 주문',
    });
    if (charged.outcome !== 'paid') throw new Error(`expected paid, got ${charged.outcome}`);
    const db = await getDb();
    const [order] = await db
      .insert(orders)
      .values({
        userId: user.id,
        merchantUid: charged.payment.orderId,
        productId: 'p1',
        productName: '전환 전 주문',
        amount: 8800,
        method: 'billing_key',
        cardId: card.id,
        impUid: charged.payment.id,
        status: 'paid',
        orderNumber: `260101-${card.id.slice(0, 6)}`,
      })
      .returning();
    if (!order?.impUid) throw new Error('no order');
    expect(order.api).toBe('v1');

    env.PORTONE_API = 'v2';
    expect(provider().api).toBe('v2');
    const refund = await providerFor(order.api).cancel({ id: order.impUid, cancellableAmount: 8800, reason: '환불' });
    expect(refund).toMatchObject({ outcome: 'refunded', payment: { api: 'v1', status: 'cancelled' } });
    const atService = (await app.emulator().payments()).find((payment) => payment.imp_uid === order.impUid);
    expect(atService).toMatchObject({ status: 'cancelled', cancel_amount: 8800 });
  });

  it('a V2 card is charged through V2 whatever PORTONE_API says', async () => {
    const user = await createTestUser();
    const db = await getDb();
    const [card] = await db
      .insert(cards)
      .values({ userId: user.id, customerUid: `cus_${user.id.slice(0, 8)}`, api: 'v2', billingKey: 'billing-key-x' })
      .returning();
    if (!card) throw new Error('no card');
    const stored = await db.select().from(cards).where(eq(cards.id, card.id));
    expect(stored[0]).toMatchObject({ api: 'v2', billingKey: 'billing-key-x' });
    // The test's own V2 client (nothing is sent: which provider answers is what is checked).
    const v2Stand = createV2Provider({
      baseUrl: 'http://127.0.0.1:1',
      secret: 'test_v2_api_secret',
      storeId: env.PORTONE_STORE_ID,
      cardChannelKey: env.PORTONE_CHANNEL_KEY,
      webhookSecret: env.PORTONE_WEBHOOK_SECRET,
    });
    await withOverride('providerV2', v2Stand, async () => {
      env.PORTONE_API = 'v1';
      expect(providerFor(card.api)).toBe(v2Stand);
      expect(provider().api).toBe('v1');
    });
    // Unconfigured in tests, V2 is the emulator's default V2 listener (lib/env.ts defaults).
    expect(providerFor('v2').api).toBe('v2');
  });

  it('a shop moved to V2 makes new keys and bookings on V2 while its V1 payment still refunds on V1', async () => {
    const emulator = app.emulator();
    const user = await createTestUser();
    const v1Card = await createTestCard(user.id);
    const v1Paid = await providerFor(v1Card.api).chargeKey({
      key: v1Card.customerUid,
      orderId: `ord_${v1Card.id.slice(0, 8)}`,
      amount: 5000,
      orderName: '전환 전 주문',
    });
    if (v1Paid.outcome !== 'paid') throw new Error(`expected paid, got ${v1Paid.outcome}`);

    env.PORTONE_API = 'v2';
    const v2 = createV2Provider({
      baseUrl: emulator.v2Url,
      secret: env.PORTONE_V2_API_SECRET,
      storeId: env.PORTONE_STORE_ID,
      cardChannelKey: env.PORTONE_CHANNEL_KEY,
      webhookSecret: env.PORTONE_WEBHOOK_SECRET,
    });
    await withOverride('providerV2', v2, async () => {
      const registered = await provider().registerCard({
        reference: `cus_${user.id.slice(0, 8)}`,
        card: { number: '4242-4242-4242-4242', expiry: '2099-12', birth: '900101', pwd2digit: '00' },
      });
      if (registered.outcome !== 'issued') throw new Error(`expected a key, got ${registered.outcome}`);
      const db = await getDb();
      const [v2Card] = await db
        .insert(cards)
        .values({
          userId: user.id,
          customerUid: `cus_${user.id.slice(0, 8)}`,
          api: registered.key.api,
          billingKey: registered.key.key,
          status: 'active',
          isDefault: false,
        })
        .returning();
      if (!v2Card?.billingKey) throw new Error('no card');
      expect(v2Card.api).toBe('v2');

      const renewal = providerFor(v2Card.api);
      const at = (await renewal.serviceNow({ fresh: true })) + 86_400;
      const booked = await renewal.schedule({
        key: v2Card.billingKey,
        orderId: `ren_${user.id.slice(0, 8)}`,
        amount: 9900,
        orderName: '월 구독',
        at,
      });
      await emulator.advanceClock(86_400 + 60);
      expect(await renewal.readSchedule(booked.scheduleId)).toMatchObject({
        outcome: 'paid',
        payment: { api: 'v2', amount: 9900 },
      });

      const refund = await providerFor(v1Card.api).cancel({
        id: v1Paid.payment.id,
        cancellableAmount: 5000,
        reason: '전환 후 환불',
      });
      expect(refund).toMatchObject({ outcome: 'refunded', payment: { api: 'v1', status: 'cancelled' } });
    });
  });
});

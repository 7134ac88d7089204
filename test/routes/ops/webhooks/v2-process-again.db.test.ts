// The console's 다시 처리 on a V2 notice's delivery: the payment is read back from V2 by its
// paymentId (a V1 read of that id finds nothing), and the order is settled from what V2 says now —
// here a refund made at the service's own console whose notice was lost.
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import { POST as processRoute } from '@/app/api/ops/webhooks/[id]/process/route';
import { getDb } from '@/lib/db';
import { orders, webhookDeliveries } from '@/lib/db/schema';
import { providerFor } from '@/lib/provider';
import { setupAppTest } from '@/test/app-harness';
import { Customer } from '@/test/kits/cards';
import { paidDelivery } from '@/test/kits/fulfilment';
import { auditOf, callOps, type SignedInOperator, signedInOperator } from '@/test/kits/ops';
import { Shopper } from '@/test/kits/orders';
import { onApi, registerOnV2 } from '@/test/kits/v2';

const app = setupAppTest({ bridge: true });
onApi('v2');
let admin: SignedInOperator;
beforeAll(async () => {
  admin = await signedInOperator('admin');
});

const processAgain = (id: string) =>
  callOps(processRoute, `/api/ops/webhooks/${id}/process`, { method: 'POST', cookie: admin.cookie, params: { id } });

it('reads the payment back from V2 and settles the order from what the service says now', async () => {
  const customer = await Customer.signUp();
  expect((await registerOnV2(customer, app.emulator())).response.status).toBe(201);
  const summary = await paidDelivery(Shopper.of(customer));
  const db = await getDb();
  const [row] = await db.select().from(orders).where(eq(orders.orderNumber, summary.orderNumber));
  if (!row) throw new Error('no order');
  const delivery = await vi.waitFor(
    async () => {
      const [found] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.impUid, row.merchantUid));
      expect(found?.outcome).toBe('order paid');
      return found as NonNullable<typeof found>;
    },
    { timeout: 10_000, interval: 100 },
  );

  // Refunded at the service's console; its notice never arrives.
  await app.emulator().setWebhookSwitch({ mode: 'drop', count: 1 });
  const v2 = providerFor('v2');
  await v2.cancel({ id: row.merchantUid, cancellableAmount: row.amount, reason: '판매자 콘솔에서 취소' });
  expect((await db.select().from(orders).where(eq(orders.id, row.id)))[0]?.status).toBe('paid');

  const response = await processAgain(delivery.id);
  expect(response.status).toBe(200);
  const { delivery: processed } = (await response.json()) as { delivery: { outcome: string } };
  expect(processed.outcome).not.toMatch(/ignored|error/);
  const [after] = await db.select().from(orders).where(eq(orders.id, row.id));
  expect(after).toMatchObject({ status: 'refunded', refundedAmount: row.amount });
  expect((await auditOf(delivery.id)).map((a) => a.action)).toEqual(['webhook.process']);

  // Again: nothing moves twice.
  expect((await processAgain(delivery.id)).status).toBe(200);
  expect((await v2.readPayment(row.merchantUid)).cancellations).toHaveLength(1);
});

it('a V2 delivery that named no payment is not a notice to process again', async () => {
  const db = await getDb();
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({
      body: JSON.stringify({ api: 'v2' }),
      contentType: 'application/json',
      outcome: 'ignored: BillingKey.Issued',
    })
    .returning();
  if (!delivery) throw new Error('not inserted');
  const response = await processAgain(delivery.id);
  expect(response.status).toBe(409);
  expect((await response.json()).error.code).toBe('not_a_notice');
});

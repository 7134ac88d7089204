// Money paid on V2 under a card registration's id (a V2 window opened with a `cus_…` paymentId: a
// registration charges nothing) is refunded in full on V2, where it was paid — its signed notice
// reaching the app over HTTP settles it; refunding it on V1, which has no such payment, failed.
import { eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { payInWindow } from '@/emulator/v2/service/windows';
import { getDb } from '@/lib/db';
import { webhookDeliveries } from '@/lib/db/schema';
import { mintServiceId } from '@/lib/payments/ids';
import { providerFor } from '@/lib/provider';
import { setupAppTest } from '@/test/app-harness';
import { cardMeans, onApi } from '@/test/kits/v2';

const app = setupAppTest({ bridge: true });
onApi('v2');

it('a V2 payment under a registration id is refunded in full on V2 when its notice arrives', async () => {
  const paymentId = mintServiceId('cus');
  const paid = payInWindow(app.emulator().core, app.emulator().merchant.code, {
    channelKey: null,
    request: { paymentId, orderName: '카드 등록', total: 1_000, currency: 'KRW' },
    means: cardMeans(),
  });
  expect(paid.status).toBe('PAID');
  const db = await getDb();
  await vi.waitFor(
    async () => {
      // The refund's own notice (Transaction.Cancelled) is a second delivery of this payment, which
      // finds nothing left to do; exactly one of them refunds.
      const deliveries = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.impUid, paymentId));
      const refunded = deliveries.filter((d) => d.outcome === 'refunded: a card registration took money');
      expect(refunded).toHaveLength(1);
    },
    { timeout: 10_000, interval: 100 },
  );
  const atService = await providerFor('v2').readPayment(paymentId);
  expect(atService).toMatchObject({ status: 'cancelled', cancelledAmount: 1_000, cancellableAmount: 0 });
  expect(atService.cancellations).toHaveLength(1);
});

// The console's routes for goods subscriptions' boxes, as /ops/orders calls them, for the server
// tests of a box's way to the customer (test/routes/subscriptions/shipments.db.test.ts).
import { eq } from 'drizzle-orm';
import { POST as stepRoute } from '@/app/api/ops/shipments/[number]/fulfilment/route';
import { GET as listRoute } from '@/app/api/ops/shipments/route';
import { getDb } from '@/lib/db/connection';
import { subscriptionShipments } from '@/lib/db/schema';
import type { OpsShipment } from '@/lib/ops/client/shipments';
import { callOps, type SignedInOperator } from '@/test/kits/ops';

export const shipmentCalls = (operator: SignedInOperator) => ({
  list: async (query: string): Promise<OpsShipment[]> => {
    const response = await callOps(listRoute, `/api/ops/shipments?${query}`, { cookie: operator.cookie });
    if (response.status !== 200) throw new Error(`list: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { rows: OpsShipment[] }).rows;
  },
  step: (number: string, body: unknown) =>
    callOps(stepRoute, `/api/ops/shipments/${number}/fulfilment`, {
      method: 'POST',
      cookie: operator.cookie,
      params: { number },
      body,
    }),
});

/** The boxes of a subscription as stored, in the order they were made. */
export async function boxesStored(subscriptionId: string) {
  const db = await getDb();
  return db
    .select()
    .from(subscriptionShipments)
    .where(eq(subscriptionShipments.subscriptionId, subscriptionId))
    .orderBy(subscriptionShipments.sequence);
}

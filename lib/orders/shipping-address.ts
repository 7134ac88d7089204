import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb, shippingAddresses } from '@/lib/db';
import type { SavedAddress, ShippingDetails } from '@/lib/values/client';

/** The customer's default delivery address, filled into the next order sheet. */
export async function findDefaultAddress(userId: string): Promise<SavedAddress | undefined> {
  const db = await getDb();
  return (await db.query.shippingAddresses.findFirst({ where: eq(shippingAddresses.userId, userId) }))?.address;
}

/** Keeps an order's address (without its note) as the customer's default. */
export async function saveDefaultAddress(userId: string, { note: _, ...address }: ShippingDetails): Promise<void> {
  const db = await getDb();
  await db
    .insert(shippingAddresses)
    .values({ userId, address, updatedAt: new Date() })
    .onConflictDoUpdate({ target: shippingAddresses.userId, set: { address, updatedAt: new Date() } });
}

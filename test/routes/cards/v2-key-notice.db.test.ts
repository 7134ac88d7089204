// Issue 37 (found by the money model on V2): a key issued in V2's billing-key window after its card
// stopped being wanted — the window left open through 회원탈퇴, so the browser can no longer report
// it — is deleted when V2's BillingKey.Issued notice arrives, as V1's registration notice does. A
// key of a card still wanted is left to its registration.
import { eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db';
import { cards, webhookDeliveries } from '@/lib/db/schema';
import { withdrawAccount } from '@/lib/withdrawal/withdraw';
import { setupAppTest } from '@/test/app-harness';
import { Customer } from '@/test/kits/cards';
import { asV2Registration, issueInV2Window, onApi, v2KeyHeld } from '@/test/kits/v2';

const app = setupAppTest({ bridge: true });
onApi('v2');

it('a key issued after 회원탈퇴 is deleted on its notice; a pending card of a live account keeps its key', async () => {
  const leaving = await Customer.signUp();
  const left = asV2Registration(await leaving.startWindow());
  await withdrawAccount(leaving.user);
  const orphan = issueInV2Window(app.emulator(), left);
  await vi.waitFor(async () => expect(await v2KeyHeld(orphan)).toBe(false), { timeout: 10_000, interval: 100 });
  const [row] = await (await getDb()).select().from(cards).where(eq(cards.customerUid, left.customerUid));
  expect(row?.status).toBe('removed');

  const staying = await Customer.signUp();
  const open = asV2Registration(await staying.startWindow());
  const wanted = issueInV2Window(app.emulator(), open);
  const ignored = async () =>
    (await (await getDb()).select().from(webhookDeliveries)).filter((d) => d.outcome === 'ignored: billing key');
  await vi.waitFor(async () => expect(await ignored()).toHaveLength(1), { timeout: 10_000, interval: 100 });
  expect(await v2KeyHeld(wanted)).toBe(true);
  // The browser's return still completes it.
  expect((await staying.verify({ customer_uid: open.customerUid, billingKey: wanted })).status).toBe(201);
});

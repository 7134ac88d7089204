// 가상계좌 orders for the console's tests, made as the shop makes them: the checkout with the method,
// the emulator's window issuing the account, the window's callback verified (→ 입금 대기), and the
// deposit at the emulator's counter with its notice delivered (→ paid).
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/connection';
import { orders } from '@/lib/db/schema';
import { startCheckout } from '@/lib/orders/checkout';
import type { TestEmulator } from '@/test/emulator/kit';
import { shipping } from '@/test/kits/fulfilment';
import { deliverNotice, newKey, type Shopper } from '@/test/kits/orders';

export interface VbankOrder {
  merchantUid: string;
  impUid: string;
  amount: number;
}

/** A 가상계좌 issued for a new order and verified: the order awaits its deposit until `due` (default: the checkout's). */
export async function awaitingVbank(
  emulator: TestEmulator,
  shopper: Shopper,
  { due, bank = '004' }: { due?: number; bank?: string } = {},
): Promise<VbankOrder> {
  const checkout = await startCheckout(shopper.user, {
    productId: 'drip-bag-20',
    idempotencyKey: newKey(),
    shipping,
    payMethod: 'vbank',
  });
  const { payment } = await emulator.completeWindowPayment({
    pg: checkout.pg,
    pay_method: 'vbank',
    merchant_uid: checkout.merchantUid,
    amount: checkout.amount,
    name: checkout.name,
    buyer_name: checkout.buyerName,
    buyer_email: checkout.buyerEmail,
    vbank_code: bank,
    vbank_due: due ?? checkout.vbankDue,
  });
  if (!payment?.vbank_num) throw new Error('no account was issued');
  const verified = await shopper.verify({ merchant_uid: checkout.merchantUid, imp_uid: payment.imp_uid });
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}`);
  return { merchantUid: checkout.merchantUid, impUid: payment.imp_uid, amount: checkout.amount };
}

/** The whole amount deposited and its notice delivered: the order is paid. */
export async function deposit(emulator: TestEmulator, order: VbankOrder): Promise<void> {
  await emulator.deposit(order.impUid);
  const answer = await deliverNotice({ imp_uid: order.impUid, merchant_uid: order.merchantUid, status: 'paid' });
  if (answer.status !== 200) throw new Error(`the notice answered ${answer.status}`);
}

/** The customer's refund account on the order, as the order page leaves it. */
export async function leaveRefundAccount(
  merchantUid: string,
  account: { bank: string; account: string; holder: string },
) {
  const db = await getDb();
  await db
    .update(orders)
    .set({ refundBank: account.bank, refundAccount: account.account, refundHolder: account.holder })
    .where(eq(orders.merchantUid, merchantUid));
}

export async function orderRow(merchantUid: string) {
  const db = await getDb();
  return db.query.orders.findFirst({ where: eq(orders.merchantUid, merchantUid) });
}

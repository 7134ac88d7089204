// A 가상계좌 order as the order sheet makes one: the checkout started with pay method 가상계좌, the
// emulator's window issuing the account (bank 004), and the browser's return verified — the order
// then waits for its deposit. Money arrives through the emulator's bank (its control API).
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { getDb } from '@/lib/db/connection';
import { mailOutbox, orders } from '@/lib/db/schema';
import type { MailKind } from '@/lib/mail/outbox';
import { renderMail } from '@/lib/mailroom/templates';
import { startCheckout } from '@/lib/orders/checkout';
import type { OrderSummary } from '@/lib/orders/order-view';
import type { AppHarness } from '@/test/app-harness';
import { shipping } from '@/test/kits/fulfilment';
import { newKey, type Shopper } from '@/test/kits/orders';
import { vbankWindowFields } from '@/test/kits/vbank';

/** A checkout paid by 가상계좌 through the window: answers the order (입금 대기) and the account's imp_uid. */
export async function vbankOrder(app: AppHarness, shopper: Shopper, productId = 'drip-bag-20') {
  const checkout = await startCheckout(shopper.user, {
    productId,
    idempotencyKey: newKey(),
    quantity: 1,
    shipping,
    saveAddress: false,
    payMethod: 'vbank',
  });
  expect(checkout).toMatchObject({ payMethod: 'vbank', method: 'vbank', vbankDue: expect.any(Number) });
  const { rsp } = await app.emulator().completeWindowPayment(vbankWindowFields(checkout));
  const response = await shopper.verify({ merchant_uid: checkout.merchantUid, imp_uid: rsp.imp_uid });
  expect(response.status).toBe(200);
  const { order } = (await response.json()) as { order: OrderSummary };
  return { order, impUid: String(rsp.imp_uid), due: checkout.vbankDue ?? 0 };
}

export { refundAccountCall } from '@/test/kits/vbank';

/** An account the emulator's bank knows, and its holder as the service answers it. */
export async function customerAccount(app: AppHarness, account = '12345678901234') {
  return { bank: '004', account, holder: await app.client().vbanks.holder({ bank_code: '004', bank_num: account }) };
}

/** The order's mails of `kind`, rendered as the worker sends them. */
export async function renderedMails(merchantUid: string, kind: MailKind) {
  const db = await getDb();
  const order = await db.query.orders.findFirst({ where: eq(orders.merchantUid, merchantUid) });
  const rows = await db.query.mailOutbox.findMany({ where: eq(mailOutbox.subject, order?.id ?? '') });
  return rows.filter((row) => row.kind === kind).map((row) => renderMail(row.kind, row.payload, '김하늘'));
}

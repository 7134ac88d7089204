// 현금영수증 as a customer asks for it, for the server tests in test/routes/orders/cash-receipt*:
// cash orders (가상계좌, 계좌이체) opened through startCheckout and paid in the emulator's window
// (its control-API shortcut), the order page's route, and a service client that counts what the
// app asks of /receipts.
import { eq } from 'drizzle-orm';
import { vi } from 'vitest';
import { POST as askRoute, GET as stateRoute } from '@/app/api/orders/[orderNumber]/cash-receipt/route';
import { getDb } from '@/lib/db/connection';
import { orders } from '@/lib/db/schema';
import { createIamportClient } from '@/lib/iamport';
import { startCheckout } from '@/lib/orders/checkout';
import type { CashReceiptRequest, CashReceiptState, OrderSummary } from '@/lib/orders/client';
import type { TestEmulator } from '@/test/emulator/kit';
import { pageRequest } from '@/test/factories';
import { shipping } from '@/test/kits/fulfilment';
import { newKey, type Shopper } from '@/test/kits/orders';
import { withOverride } from '@/test/kits/overrides';

export const PHONE = { type: 'person', identifier: '010-1234-5678' } as const;
/** A registration number whose check digit holds (삼성전자's). */
export const BUSINESS = { type: 'company', identifier: '124-81-00998' } as const;

/**
 * A 가상계좌 or 계좌이체 order with a delivery. The checkout body takes the method once the order sheet
 * offers it (the checkout-methods work); until then the tests open it as the route would.
 */
export async function cashCheckout(shopper: Shopper, payMethod: 'vbank' | 'trans', cashReceipt?: CashReceiptRequest) {
  return startCheckout(shopper.user, {
    productId: 'ceramic-mug',
    idempotencyKey: newKey(),
    shipping,
    payMethod,
    cashReceipt: cashReceipt && { ...cashReceipt, identifier: cashReceipt.identifier.replace(/-/g, '') },
  });
}

/** The window completed (a 가상계좌 issued, or a transfer made) and the browser back: the order as the server settled it. */
export async function payCash(
  emulator: TestEmulator,
  shopper: Shopper,
  checkout: Awaited<ReturnType<typeof cashCheckout>>,
): Promise<{ order: OrderSummary; impUid: string }> {
  const { rsp } = await emulator.completeWindowPayment({
    pg: checkout.pg,
    pay_method: checkout.payMethod,
    merchant_uid: checkout.merchantUid,
    amount: checkout.amount,
    name: checkout.name,
    ...(checkout.vbankDue && { vbank_due: checkout.vbankDue, vbank_code: '004' }),
  });
  const impUid = rsp.imp_uid ?? '';
  const response = await shopper.verify({ merchant_uid: checkout.merchantUid, imp_uid: impUid });
  if (response.status !== 200) throw new Error(`verify answered ${response.status}: ${await response.text()}`);
  await noticesHandled(emulator, impUid);
  return { order: ((await response.json()) as { order: OrderSummary }).order, impUid };
}

/** The window's notices (sent apart from its callback) have reached the app and been answered: nothing in flight. */
export async function noticesHandled(emulator: TestEmulator, impUid: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const notices = await emulator.webhooks({ imp_uid: impUid });
      if (!notices.every((notice) => notice.status === 'delivered' || notice.status === 'failed'))
        throw new Error(`notices of ${impUid} still in flight`);
    },
    { timeout: 10_000, interval: 50 },
  );
}

const params = (orderNumber: string) => ({ params: Promise.resolve({ orderNumber }) });

export const receiptCalls = (shopper: Shopper) => ({
  ask: (orderNumber: string, body: unknown) =>
    askRoute(
      pageRequest(`/api/orders/${orderNumber}/cash-receipt`, { method: 'POST', body, cookie: shopper.customer.cookie }),
      params(orderNumber),
    ),
  state: async (orderNumber: string): Promise<CashReceiptState> => {
    const response = await stateRoute(
      pageRequest(`/api/orders/${orderNumber}/cash-receipt`, { cookie: shopper.customer.cookie }),
      params(orderNumber),
    );
    return (await response.json()) as CashReceiptState;
  },
});

/** The order's row as stored: its receipt columns and money. */
export async function storedOrder(merchantUid: string) {
  const db = await getDb();
  const row = await db.query.orders.findFirst({ where: eq(orders.merchantUid, merchantUid) });
  if (!row) throw new Error(`no order ${merchantUid}`);
  return row;
}

/**
 * Runs `work` with the app's service client counting the issuances it sends (POST /receipts/…) and
 * failing the requests `fail` picks (after the service processed them when `after` says so).
 */
export async function countingReceipts<T>(
  emulator: TestEmulator,
  work: () => Promise<T>,
  fail: (request: string, issued: number) => 'lose' | 'refuse' | undefined = () => undefined,
): Promise<{ result: T; issued: number }> {
  let issued = 0;
  const counting: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const request = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (request.startsWith('POST /receipts/')) issued += 1;
    const fault = fail(request, issued);
    if (fault === 'refuse')
      return Response.json({ code: -1, message: 'Service Unavailable', response: null }, { status: 503 });
    const answer = await fetch(input, init);
    if (fault === 'lose') {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
      });
    }
    return answer;
  };
  const client = createIamportClient({
    baseUrl: emulator.url,
    key: 'test_key',
    secret: 'test_secret',
    fetch: counting,
  });
  const result = await withOverride('iamport', client, work);
  return { result, issued };
}

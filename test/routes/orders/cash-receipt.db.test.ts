// 현금영수증 of a 가상계좌 or 계좌이체 order (issue 36, item 4): asked at checkout or later on the
// order page, issued once at the service when the order is paid — by the deposit notice the emulator
// sends over real HTTP, or at once when it is paid already — however the asks and the notice overlap;
// a card order and bad numbers refused with a 4xx that names the field, changing nothing.
import { describe, expect, it } from 'vitest';
import { setupAppTest } from '@/test/app-harness';
import {
  BUSINESS,
  cashCheckout,
  countingReceipts,
  PHONE,
  payCash,
  receiptCalls,
  storedOrder,
} from '@/test/kits/cash-receipts';
import { deliverNotice, newKey, Shopper } from '@/test/kits/orders';

const app = setupAppTest({ bridge: true });

const serviceReceipt = (impUid: string) => app.client().receipts.get({ imp_uid: impUid });
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

describe('현금영수증 asked at checkout', () => {
  it('a 가상계좌 waits as requested; its deposit notice issues it once, and a second notice changes nothing', async () => {
    const shopper = await Shopper.signUp();
    const checkout = await cashCheckout(shopper, 'vbank', PHONE);
    const { order, impUid } = await payCash(app.emulator(), shopper, checkout);
    expect(order.status).toBe('awaiting');
    expect(await receiptCalls(shopper).state(order.orderNumber)).toEqual({
      cashReceipt: { status: 'requested', type: 'person', identifier: '***-****-5678', applyNum: null },
      mayRequest: false,
    });

    const { result: deposit, issued } = await countingReceipts(app.emulator(), async () => {
      const answer = await app.emulator().deposit(impUid);
      await deliverNotice({ imp_uid: impUid, merchant_uid: order.merchantUid, status: 'paid' });
      return answer;
    });
    expect(deposit.notifications.map((n) => n.response_status)).toEqual([200]);
    expect(issued).toBe(1);

    const row = await storedOrder(order.merchantUid);
    const receipt = await serviceReceipt(impUid);
    expect(receipt).toMatchObject({ type: 'person', amount: order.amount, cancelled_at: 0 });
    // Kept no longer than needed: the number is down to its last four digits once issued.
    expect(row).toMatchObject({
      status: 'paid',
      cashReceiptStatus: 'issued',
      cashReceiptType: 'person',
      cashReceiptIdentifier: '5678',
      cashReceiptApplyNum: receipt.apply_num,
    });
    expect((await receiptCalls(shopper).state(order.orderNumber)).cashReceipt).toEqual({
      status: 'issued',
      type: 'person',
      identifier: '***-****-5678',
      applyNum: receipt.apply_num,
    });
  });

  it('a 계좌이체 is paid in the window, so its receipt is issued when the browser comes back (지출증빙용)', async () => {
    const shopper = await Shopper.signUp();
    const { result, issued } = await countingReceipts(app.emulator(), async () =>
      payCash(app.emulator(), shopper, await cashCheckout(shopper, 'trans', BUSINESS)),
    );
    expect(result.order.status).toBe('paid');
    expect(issued).toBe(1);
    expect(await serviceReceipt(result.impUid)).toMatchObject({ type: 'company', cancelled_at: 0 });
    expect((await receiptCalls(shopper).state(result.order.orderNumber)).cashReceipt).toMatchObject({
      status: 'issued',
      identifier: '***-**-*0998',
    });
  });

  it('the checkout route refuses a receipt with a card, and a bad number naming the field; no order is opened', async () => {
    const shopper = await Shopper.signUp();
    const body = { productId: 'ceramic-mug', idempotencyKey: newKey() };
    const card = await shopper.checkoutRaw({ ...body, cashReceipt: PHONE });
    expect(card.status).toBe(422);
    expect((await errorOf(card)).code).toBe('cash_receipt_not_cash');
    const bad = await shopper.checkoutRaw({ ...body, cashReceipt: { type: 'company', identifier: '124-81-00999' } });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields).toEqual({
      'cashReceipt.identifier': expect.stringContaining('사업자등록번호'),
    });
    expect(await shopper.orders()).toEqual([]);
  });
});

describe('현금영수증 asked later on the order page', () => {
  it('on a paid 계좌이체: issued at once; asked again the same it answers the same, another number is refused', async () => {
    const shopper = await Shopper.signUp();
    const { order, impUid } = await payCash(app.emulator(), shopper, await cashCheckout(shopper, 'trans'));
    const calls = receiptCalls(shopper);
    expect(await calls.state(order.orderNumber)).toEqual({ cashReceipt: null, mayRequest: true });

    const response = await calls.ask(order.orderNumber, PHONE);
    expect(response.status).toBe(200);
    const receipt = await serviceReceipt(impUid);
    expect(await response.json()).toEqual({
      cashReceipt: { status: 'issued', type: 'person', identifier: '***-****-5678', applyNum: receipt.apply_num },
      mayRequest: false,
    });
    expect((await calls.ask(order.orderNumber, PHONE)).status).toBe(200);
    const other = await calls.ask(order.orderNumber, { type: 'person', identifier: '010-9999-0000' });
    expect(other.status).toBe(409);
    expect((await errorOf(other)).code).toBe('cash_receipt_exists');
    expect((await serviceReceipt(impUid)).apply_num).toBe(receipt.apply_num);
  });

  it('on a 가상계좌 waiting for its deposit: kept as requested, issued when the deposit arrives', async () => {
    const shopper = await Shopper.signUp();
    const { order, impUid } = await payCash(app.emulator(), shopper, await cashCheckout(shopper, 'vbank'));
    const asked = await receiptCalls(shopper).ask(order.orderNumber, BUSINESS);
    expect((await asked.json()).cashReceipt).toMatchObject({ status: 'requested', type: 'company' });
    await app.emulator().deposit(impUid);
    expect(await storedOrder(order.merchantUid)).toMatchObject({ status: 'paid', cashReceiptStatus: 'issued' });
  });

  it('ten asks at once on a paid order issue one receipt', async () => {
    const shopper = await Shopper.signUp();
    const { order, impUid } = await payCash(app.emulator(), shopper, await cashCheckout(shopper, 'trans'));
    const { result, issued } = await countingReceipts(app.emulator(), () =>
      Promise.all(Array.from({ length: 10 }, () => receiptCalls(shopper).ask(order.orderNumber, PHONE))),
    );
    expect(result.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect(issued).toBe(1);
    expect(await storedOrder(order.merchantUid)).toMatchObject({
      cashReceiptStatus: 'issued',
      cashReceiptApplyNum: (await serviceReceipt(impUid)).apply_num,
    });
  });

  it('the ask racing the deposit notice issues one receipt', async () => {
    const shopper = await Shopper.signUp();
    const { order, impUid } = await payCash(app.emulator(), shopper, await cashCheckout(shopper, 'vbank'));
    const { result, issued } = await countingReceipts(app.emulator(), () =>
      Promise.all([receiptCalls(shopper).ask(order.orderNumber, PHONE), app.emulator().deposit(impUid)]),
    );
    expect(result[0].status).toBe(200);
    expect(issued).toBe(1);
    expect(await storedOrder(order.merchantUid)).toMatchObject({ status: 'paid', cashReceiptStatus: 'issued' });
  });

  it('a card order is refused with cash_receipt_not_cash and nothing is stored', async () => {
    const shopper = await Shopper.withCard();
    const order = await shopper.buyNow();
    const response = await receiptCalls(shopper).ask(order.orderNumber, PHONE);
    expect(response.status).toBe(422);
    expect(await errorOf(response)).toMatchObject({
      code: 'cash_receipt_not_cash',
      message: expect.stringContaining('가상계좌'),
    });
    expect((await storedOrder(order.merchantUid)).cashReceiptStatus).toBeNull();
    expect(await receiptCalls(shopper).state(order.orderNumber)).toEqual({ cashReceipt: null, mayRequest: false });
  });

  it.each([
    ['a phone number too short', { type: 'person', identifier: '010-123' }, '휴대폰 번호'],
    ['a landline for 소득공제', { type: 'person', identifier: '02-123-4567' }, '휴대폰 번호'],
    ['a business number whose check digit is wrong', { type: 'company', identifier: '124-81-00999' }, '사업자등록번호'],
    ['letters', { type: 'company', identifier: '12a-81-00998' }, '사업자등록번호'],
  ])('%s: 400 naming the identifier, nothing stored', async (_, body, words) => {
    const shopper = await Shopper.signUp();
    const { order } = await payCash(app.emulator(), shopper, await cashCheckout(shopper, 'trans'));
    const response = await receiptCalls(shopper).ask(order.orderNumber, body);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toEqual({ identifier: expect.stringContaining(words) });
    expect((await storedOrder(order.merchantUid)).cashReceiptStatus).toBeNull();
  });

  it("another customer's order is not found", async () => {
    const owner = await Shopper.signUp();
    const { order } = await payCash(app.emulator(), owner, await cashCheckout(owner, 'trans'));
    const response = await receiptCalls(await Shopper.signUp()).ask(order.orderNumber, PHONE);
    expect(response.status).toBe(404);
    expect((await storedOrder(order.merchantUid)).cashReceiptStatus).toBeNull();
  });
});

// 가상계좌 orders from issue to their end (issue 36, part 2): issued → 입금 대기 with the account on the
// order and in a mail; the deposit's notice over real HTTP makes it paid (one receipt, however many
// notices); a partial deposit leaves it waiting; the deadline passing (no notice) cancels it through
// reconciliation or the order page's look-up; a lost deposit notice is found the same ways; and an
// order waiting for its money is never shipped.
import { describe, expect, it } from 'vitest';
import { reconcile } from '@/lib/reconciliation/reconcile';
import { setupAppTest } from '@/test/app-harness';
import { ControlError } from '@/test/emulator/kit';
import { customerCalls, detailOf, operatorCalls, ship, stored } from '@/test/kits/fulfilment';
import { signedInOperator } from '@/test/kits/ops';
import { Shopper } from '@/test/kits/orders';
import { customerAccount, refundAccountCall, renderedMails, vbankOrder } from './vbank-kit';

const app = setupAppTest({ bridge: true });

const DAY = 86_400;
const servicePayment = async (impUid: string) => (await app.emulator().payments()).find((p) => p.imp_uid === impUid);

describe('a 가상계좌 order', () => {
  it('waits as 입금 대기 with the account on its page and in a mail, and cannot be shipped', async () => {
    const shopper = await Shopper.signUp();
    const { order, impUid, due } = await vbankOrder(app, shopper);
    expect(order).toMatchObject({
      status: 'awaiting',
      payMethod: 'vbank',
      vbank: { bankName: 'KB국민은행', accountNumber: expect.stringMatching(/\d/), holder: expect.any(String), due },
    });
    const detail = await detailOf(await customerCalls(shopper).detail(order.orderNumber));
    expect(detail).toMatchObject({ status: 'awaiting', mayCancel: true, vbank: order.vbank, refundAccount: null });
    expect(detail.timeline[0]).toMatchObject({ label: '입금 대기', state: 'current' });
    expect((await shopper.orders())[0]).toMatchObject({ status: 'awaiting', vbank: order.vbank });

    const [mail] = await renderedMails(order.merchantUid, 'vbank_issued');
    for (const words of ['KB국민은행', order.vbank?.accountNumber ?? '?', order.vbank?.holder ?? '?', '입금기한'])
      expect(mail?.text).toContain(words);
    expect(mail?.text).toMatch(/입금액: [\d,]+원/);

    const operator = await signedInOperator('refunder');
    const shipped = await operatorCalls(operator).step(order.orderNumber, ship);
    expect(shipped.status).toBe(409);
    expect((await shipped.json()).error.code).toBe('step_not_allowed');
    expect((await stored(order.merchantUid)).order).toMatchObject({ status: 'awaiting', fulfilment: 'ordered' });
    expect((await servicePayment(impUid))?.status).toBe('ready');
  });

  it('is paid by the deposit notice (over HTTP): one receipt, and a notice delivered again changes nothing', async () => {
    const shopper = await Shopper.signUp();
    const { order, impUid } = await vbankOrder(app, shopper);
    const { payment, notifications } = await app.emulator().deposit(impUid, { depositor_name: '김하늘' });
    expect(payment.status).toBe('paid');
    expect(notifications).toMatchObject([{ status: 'delivered', response_status: 200 }]);
    expect(JSON.parse(notifications[0]?.body ?? '{}')).toMatchObject({ imp_uid: impUid, status: 'paid' });
    const after = await stored(order.merchantUid);
    expect(after.order).toMatchObject({ status: 'paid', payMethod: 'vbank', paidAt: payment.paid_at });
    expect(after.mails).toEqual(['receipt:paid', 'vbank_issued:issued']);
    const [receipt] = await renderedMails(order.merchantUid, 'receipt');
    expect(receipt?.text).toContain('결제 수단: 가상계좌');

    const again = await app.emulator().redeliverWebhook(notifications[0]?.id ?? '');
    expect(again).toMatchObject({ status: 'delivered', response_status: 200 });
    expect((await stored(order.merchantUid)).mails).toEqual(['receipt:paid', 'vbank_issued:issued']);
    const detail = await detailOf(await customerCalls(shopper).detail(order.orderNumber));
    expect(detail).toMatchObject({ status: 'paid', mayCancel: true, fulfilment: 'ordered' });
    expect(detail.timeline[0]).toMatchObject({ label: '결제 완료', state: 'done' });
    // A second deposit into the paid account: the bank refuses it.
    await expect(app.emulator().deposit(impUid)).rejects.toMatchObject({ status: 409 });
  });

  it('a partial deposit leaves it waiting: not paid, not shippable; the rest makes it paid', async () => {
    const shopper = await Shopper.signUp();
    const { order, impUid } = await vbankOrder(app, shopper);
    const { payment } = await app.emulator().deposit(impUid, { amount: order.amount - 1_000 });
    expect(payment.status).toBe('ready');
    const detail = await detailOf(await customerCalls(shopper).detail(order.orderNumber));
    expect(detail).toMatchObject({ status: 'awaiting', paidAt: null });
    const operator = await signedInOperator('refunder');
    expect((await operatorCalls(operator).step(order.orderNumber, ship)).status).toBe(409);
    const after = await stored(order.merchantUid);
    expect(after.order.status).toBe('awaiting');
    expect(after.mails).toEqual(['vbank_issued:issued']);
    // The rest arrives: paid.
    await app.emulator().deposit(impUid);
    expect((await stored(order.merchantUid)).order.status).toBe('paid');
  });

  it('partly deposited, the customer’s cancel closes it and gives the deposit back to their account, once', async () => {
    const shopper = await Shopper.signUp();
    const { order, impUid } = await vbankOrder(app, shopper);
    const part = order.amount - 1_000;
    await app.emulator().deposit(impUid, { amount: part });
    // No account on file: 409, and nothing changes anywhere.
    const refused = await customerCalls(shopper).cancel(order.orderNumber);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.code).toBe('refund_account_required');
    const before = await stored(order.merchantUid);
    expect(before.order).toMatchObject({ status: 'awaiting', fulfilment: 'ordered', refundedAmount: 0 });
    expect(before.refunds).toEqual([]);
    expect(await servicePayment(impUid)).toMatchObject({ status: 'ready', cancel_amount: 0 });

    const account = await customerAccount(app);
    expect((await refundAccountCall(shopper, order.orderNumber, account)).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => customerCalls(shopper).cancel(order.orderNumber)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(5).fill(200));
    for (const answer of answers) expect((await answer.json()).result).toEqual({ refund: 'made', amount: part });
    const record = await servicePayment(impUid);
    expect(record).toMatchObject({ status: 'cancelled', cancel_amount: part });
    expect(record?.cancel_history).toHaveLength(1);
    const after = await stored(order.merchantUid);
    expect(after.order).toMatchObject({ status: 'cancelled', fulfilment: 'cancelled', refundedAmount: part });
    expect(after.refunds).toMatchObject([
      { origin: 'order_cancel', status: 'made', amount: part, refundBank: '004', refundHolder: account.holder },
    ]);
    expect(after.refundMails).toEqual([part]);
    // The account is closed: the rest can no longer arrive.
    await expect(app.emulator().deposit(impUid)).rejects.toMatchObject({ status: 409 });
    await reconcile();
    expect((await servicePayment(impUid))?.cancel_history).toHaveLength(1);
  });

  it('the deadline passes (no notice): reconciliation cancels it and mails it; a late deposit is refused', async () => {
    const shopper = await Shopper.signUp();
    const { order, impUid, due } = await vbankOrder(app, shopper);
    const delivered = (await app.emulator().webhooks({ imp_uid: impUid })).length;
    await app.emulator().advanceTo(due + 60);
    expect((await servicePayment(impUid))?.status).toBe('failed');
    expect(await app.emulator().webhooks({ imp_uid: impUid })).toHaveLength(delivered);
    expect((await stored(order.merchantUid)).order.status).toBe('awaiting');

    const report = await reconcile();
    expect(report.orders.errors).toEqual([]);
    const after = await stored(order.merchantUid);
    expect(after.order).toMatchObject({ status: 'cancelled', failReason: '입금기한이 지나 주문이 취소되었습니다.' });
    expect(after.mails).toEqual(['vbank_expired:expired', 'vbank_issued:issued']);
    const [mail] = await renderedMails(order.merchantUid, 'vbank_expired');
    expect(mail?.subject).toContain('입금기한 만료');
    expect(mail?.text).toContain('결제된 금액은 없습니다');

    const late = app.emulator().deposit(impUid);
    await expect(late).rejects.toBeInstanceOf(ControlError);
    await expect(late).rejects.toMatchObject({ status: 409 });
    await reconcile();
    expect((await stored(order.merchantUid)).order.status).toBe('cancelled');
    expect((await stored(order.merchantUid)).mails).toHaveLength(2);
  });

  it('past its deadline, the order page looks it up and shows it cancelled', async () => {
    const shopper = await Shopper.signUp();
    const { order, due } = await vbankOrder(app, shopper);
    await app.emulator().advanceTo(due + 3 * DAY);
    const detail = await detailOf(await customerCalls(shopper).detail(order.orderNumber));
    expect(detail).toMatchObject({ status: 'cancelled', mayCancel: false, mayRequestReturn: false });
    expect(detail.timeline).toMatchObject([{ label: '주문 취소', state: 'stopped' }]);
  });

  it('a lost deposit notice is found by the order page, and by reconciliation', async () => {
    const shopper = await Shopper.signUp();
    const first = await vbankOrder(app, shopper);
    const second = await vbankOrder(app, shopper);
    await app.emulator().setWebhookSwitch({ mode: 'drop', count: 2 });
    await app.emulator().deposit(first.impUid);
    await app.emulator().deposit(second.impUid);
    expect((await stored(first.order.merchantUid)).order.status).toBe('awaiting');

    const detail = await detailOf(await customerCalls(shopper).detail(first.order.orderNumber));
    expect(detail.status).toBe('paid');
    await reconcile();
    for (const { order } of [first, second]) {
      const after = await stored(order.merchantUid);
      expect(after.order.status).toBe('paid');
      expect(after.mails).toEqual(['receipt:paid', 'vbank_issued:issued']);
    }
  });
});

// V2 cash receipts (issue, read, cancel, list), virtual accounts (issue, close), banks, and
// resending a payment's webhook.
import { describe, expect, it } from 'vitest';
import { CARD_CHANNEL, issueKey, paidPayment, paymentId, useV2Emulator } from './harness';

describe('V2 cash receipts, virtual accounts, banks, webhook resend', () => {
  const s = useV2Emulator();

  it('issues a cash receipt for a payment id, reads it, cancels it once, lists it', async () => {
    const id = paymentId('cash');
    const body = {
      paymentId: id,
      channelKey: CARD_CHANNEL,
      type: 'PERSONAL',
      orderName: '계좌이체 주문',
      currency: 'KRW',
      amount: { total: 11_000 },
      customer: { identityNumber: '01012345678' },
    };
    const issued = await s.api.ok<{ cashReceipt: { issueNumber: string } }>('POST', '/cash-receipts', { body });
    await s.api.fails('POST', '/cash-receipts', 409, 'CASH_RECEIPT_ALREADY_ISSUED', { body });
    const receipt = await s.api.ok<{ status: string; issueNumber: string; isManual: boolean; vatAmount: number }>(
      'GET',
      '/payments/{paymentId}/cash-receipt',
      { params: { paymentId: id } },
    );
    expect(receipt).toMatchObject({
      status: 'ISSUED',
      issueNumber: issued.cashReceipt.issueNumber,
      isManual: true,
      vatAmount: 1000,
    });
    const cancelled = await s.api.ok<{ cancelledAmount: number }>('POST', '/payments/{paymentId}/cash-receipt/cancel', {
      params: { paymentId: id },
    });
    expect(cancelled.cancelledAmount).toBe(11_000);
    await s.api.fails('POST', '/payments/{paymentId}/cash-receipt/cancel', 404, 'CASH_RECEIPT_NOT_ISSUED', {
      params: { paymentId: id },
    });
    const listed = await s.api.ok<{ items: { paymentId: string; status: string }[] }>('GET', '/cash-receipts', {
      body: { filter: { paymentId: id } },
    });
    expect(listed.items).toEqual([expect.objectContaining({ paymentId: id, status: 'CANCELLED' })]);
    await s.api.fails('GET', '/payments/{paymentId}/cash-receipt', 404, 'CASH_RECEIPT_NOT_FOUND', {
      params: { paymentId: 'none' },
    });
  });

  it('issues a virtual account (VIRTUAL_ACCOUNT_ISSUED) and closes it once', async () => {
    const id = paymentId('va');
    await s.api.ok('POST', '/payments/{paymentId}/instant', {
      params: { paymentId: id },
      body: {
        method: { virtualAccount: { bank: 'SHINHAN', expiry: { validHours: 24 }, option: { type: 'NORMAL' } } },
        orderName: '무통장',
        amount: { total: 20_000 },
        currency: 'KRW',
      },
    });
    const waiting = await s.api.ok<{ status: string; method: { type: string; bank: string } }>(
      'GET',
      '/payments/{paymentId}',
      { params: { paymentId: id } },
    );
    expect(waiting).toMatchObject({
      status: 'VIRTUAL_ACCOUNT_ISSUED',
      method: { type: 'PaymentMethodVirtualAccount', bank: 'SHINHAN' },
    });
    // The customer's transfer (control API) pays a second account; the first is closed.
    const other = paymentId('va');
    await s.api.ok('POST', '/payments/{paymentId}/instant', {
      params: { paymentId: other },
      body: {
        method: { virtualAccount: { bank: 'SHINHAN', expiry: { validHours: 24 }, option: { type: 'NORMAL' } } },
        orderName: '무통장',
        amount: { total: 20_000 },
        currency: 'KRW',
      },
    });
    const deposit = await fetch(`${s.emulator.url}/__emulator/api/v2/payments/${other}/deposit`, { method: 'POST' });
    expect(await deposit.json()).toMatchObject({
      payment: { status: 'PAID' },
      notifications: [expect.objectContaining({ event: 'Transaction.Paid' })],
    });
    const again = await fetch(`${s.emulator.url}/__emulator/api/v2/payments/${other}/deposit`, { method: 'POST' });
    expect(again.status).toBe(409);
    await s.api.ok('POST', '/payments/{paymentId}/virtual-account/close', { params: { paymentId: id } });
    await s.api.fails('POST', '/payments/{paymentId}/virtual-account/close', 409, 'PAYMENT_NOT_WAITING_FOR_DEPOSIT', {
      params: { paymentId: id },
    });
  });

  it('lists the banks with their Korean names', async () => {
    const banks = await s.api.ok<{ items: { bank: string; name: { ko: string } }[] }>('GET', '/banks');
    expect(banks.items).toContainEqual({ bank: 'KOOKMIN', name: { ko: expect.stringContaining('국민') } });
  });

  it('announces a payment unless the request says skipWebhook', async () => {
    const billingKey = await issueKey(s.api);
    const pay = async (skipWebhook: boolean) => {
      const id = paymentId();
      await s.api.ok('POST', '/payments/{paymentId}/billing-key', {
        params: { paymentId: id },
        body: { billingKey, orderName: '구독', amount: { total: 1000 }, currency: 'KRW', skipWebhook },
      });
      return s.emulator.webhooks.list({ impUid: id }).map((w) => w.event);
    };
    expect(await pay(false)).toEqual(['Transaction.Paid']);
    expect(await pay(true)).toEqual([]);
  });

  it('resends a payment’s webhook as a new delivery', async () => {
    const id = await paidPayment(s.api);
    const before = s.emulator.webhooks.list({ impUid: id }).length;
    const resent = await s.api.ok<{ webhook: { id: string; trigger: string } }>(
      'POST',
      '/payments/{paymentId}/resend-webhook',
      { params: { paymentId: id }, body: {} },
    );
    expect(resent.webhook.trigger).toBe('MANUAL');
    const log = s.emulator.webhooks.list({ impUid: id });
    expect(log).toHaveLength(before + 1);
    expect(log.at(-1)).toMatchObject({ id: resent.webhook.id, event: 'Transaction.Paid' });
  });
});

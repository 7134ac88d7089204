// Manual confirmation: what a window authorized is charged (or the key issued) only when the
// merchant confirms its token; escrow shipping and purchase confirmation; Kakao Pay's order.
import { describe, expect, it } from 'vitest';
import { authorizeBillingKeyInWindow, authorizePaymentInWindow } from '@/emulator/v2/service/manual-confirm';
import { payInWindow } from '@/emulator/v2/service/windows';
import { CARD_CHANNEL, card, paymentId, START, useV2Emulator, WALLET_CHANNEL } from './harness';

const MERCHANT = 'imp00000000';
const order = (id: string, total = 15_000) => ({ paymentId: id, orderName: '수동 승인', total, currency: 'KRW' });

describe('V2 manual confirmation, escrow, Kakao Pay order', () => {
  const s = useV2Emulator();
  const get = (id: string) =>
    s.api.ok<{ status: string; escrow?: { status: string } }>('GET', '/payments/{paymentId}', {
      params: { paymentId: id },
    });

  it('charges an authorized payment only when confirmed with its token and amount', async () => {
    const id = paymentId('confirm');
    const { paymentToken, txId } = authorizePaymentInWindow(s.emulator.core, MERCHANT, {
      channelKey: CARD_CHANNEL,
      request: order(id),
      means: { card: card() },
    });
    expect((await get(id)).status).toBe('READY');
    await s.api.fails('POST', '/payments/{paymentId}/confirm', 400, 'INVALID_PAYMENT_TOKEN', {
      params: { paymentId: id },
      body: { paymentToken: 'tok_wrong' },
    });
    await s.api.fails('POST', '/payments/{paymentId}/confirm', 409, 'INFORMATION_MISMATCH', {
      params: { paymentId: id },
      body: { paymentToken, totalAmount: 1 },
    });
    await s.api.ok('POST', '/payments/{paymentId}/confirm', {
      params: { paymentId: id },
      body: { paymentToken, txId, totalAmount: 15_000, currency: 'KRW' },
    });
    expect((await get(id)).status).toBe('PAID');
    await s.api.fails('POST', '/payments/{paymentId}/confirm', 409, 'ALREADY_PAID', {
      params: { paymentId: id },
      body: { paymentToken },
    });
  });

  it('issues a window’s key on confirm, and pays with it on confirm-issue-and-pay', async () => {
    const issued = authorizeBillingKeyInWindow(s.emulator.core, MERCHANT, {
      channelKey: CARD_CHANNEL,
      means: { card: card() },
    });
    if (issued.status !== 'ISSUED' || !issued.billingIssueToken) throw new Error('not authorized');
    const billingKey = issued.billingKey.billing_key;
    await s.api.fails('GET', '/billing-keys/{billingKey}', 404, 'BILLING_KEY_NOT_FOUND', { params: { billingKey } });
    const confirmed = await s.api.ok<{ billingKey: string }>('POST', '/billing-keys/confirm', {
      body: { billingIssueToken: issued.billingIssueToken },
    });
    expect(confirmed.billingKey).toBe(billingKey);
    await s.api.fails('POST', '/billing-keys/confirm', 409, 'BILLING_KEY_ALREADY_ISSUED', {
      body: { billingIssueToken: issued.billingIssueToken },
    });

    const id = paymentId('issue-pay');
    const both = authorizeBillingKeyInWindow(s.emulator.core, MERCHANT, {
      channelKey: CARD_CHANNEL,
      means: { card: card() },
      payment: order(id, 4900),
    });
    const answer = await s.api.ok<{ billingKey: string; paymentId: string }>(
      'POST',
      '/billing-keys/confirm-issue-and-pay',
      { body: { billingIssueToken: both.billingIssueToken, paymentId: id, totalAmount: 4900, currency: 'KRW' } },
    );
    expect(answer.paymentId).toBe(id);
    expect((await get(id)).status).toBe('PAID');
  });

  it('registers, changes and confirms an escrow payment’s shipment', async () => {
    const id = paymentId('escrow');
    await s.api.ok('POST', '/payments/{paymentId}/instant', {
      params: { paymentId: id },
      body: {
        method: { card: { credential: card() } },
        isEscrow: true,
        orderName: '에스크로',
        amount: { total: 30_000 },
        currency: 'KRW',
      },
    });
    expect((await get(id)).escrow).toEqual({ status: 'BEFORE_REGISTERED' });
    await s.api.fails('POST', '/payments/{paymentId}/escrow/complete', 400, 'INVALID_REQUEST', {
      params: { paymentId: id },
      body: {},
    });
    const sentAt = new Date(START * 1000).toISOString();
    const logistics = { company: 'CJ', invoiceNumber: '1234567890', sentAt };
    await s.api.ok('POST', '/payments/{paymentId}/escrow/logistics', {
      params: { paymentId: id },
      body: { logistics },
    });
    await s.api.ok('PATCH', '/payments/{paymentId}/escrow/logistics', {
      params: { paymentId: id },
      body: { logistics: { ...logistics, invoiceNumber: '999' } },
    });
    expect((await get(id)).escrow).toMatchObject({ status: 'REGISTERED', invoiceNumber: '999' });
    await s.api.ok('POST', '/payments/{paymentId}/escrow/complete', { params: { paymentId: id }, body: {} });
    expect((await get(id)).escrow).toMatchObject({ status: 'CONFIRMED' });
    await s.api.ok('POST', '/payments/{paymentId}/register-store-receipt', {
      params: { paymentId: id },
      body: {
        items: [
          { storeBusinessRegistrationNumber: '1234567890', storeName: '가게', totalAmount: 30_000, currency: 'KRW' },
        ],
      },
    });
  });

  it('answers Kakao Pay’s order of a wallet payment', async () => {
    const id = paymentId('kakao');
    const paid = payInWindow(s.emulator.core, MERCHANT, {
      channelKey: WALLET_CHANNEL,
      request: order(id, 8000),
      means: { phone: '010-1234-5678' },
    });
    expect(paid.status).toBe('PAID');
    const answer = await s.api.ok<{ statusCode: number; body: string }>('GET', '/kakaopay/payment/order', {
      body: { pgTxId: paid.payment.pg_tx_id, channelKey: WALLET_CHANNEL },
    });
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ partner_order_id: id, amount: { total: 8000 } });
  });
});

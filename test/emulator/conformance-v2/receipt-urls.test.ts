// A V2 payment's receiptUrl: given in the statuses the OpenAPI file gives it (PaidPayment,
// PartialCancelledPayment, CancelledPayment, and a succeeded cancellation's own), it opens the
// emulator's sales slip on V1's listener (the browser pages), wherever both listeners run.
import { describe, expect, it } from 'vitest';
import { authorizePaymentInWindow } from '@/emulator/v2/service/manual-confirm';
import { payInWindow } from '@/emulator/v2/service/windows';
import { card, issueKey, paymentId, STORE_ID, useV2Emulator, WALLET_CHANNEL } from './harness';

const MERCHANT = 'imp00000000';

interface PaymentBody {
  status: string;
  id: string;
  transactionId: string;
  receiptUrl?: string;
  cancellations?: { id: string; receiptUrl?: string }[];
}

/** The page behind a URL, over HTTP. */
async function open(url: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url);
  return { status: response.status, text: await response.text() };
}

describe('V2 receiptUrl and its sales slip', () => {
  const s = useV2Emulator();
  const get = (id: string) => s.api.ok<PaymentBody>('GET', '/payments/{paymentId}', { params: { paymentId: id } });

  async function payWithKey(id: string, total: number, number?: string) {
    const billingKey = await issueKey(s.api, number);
    return s.api.call('POST', '/payments/{paymentId}/billing-key', {
      params: { paymentId: id },
      body: { billingKey, orderName: '원두 정기배송', amount: { total }, currency: 'KRW' },
    });
  }

  it('a paid payment’s receiptUrl opens, on V1’s listener, a slip naming its amount and ids', async () => {
    // A payment id needing encoding in a path: a space, Korean, a slash.
    const id = `주문 ${paymentId()}/1`;
    expect((await payWithKey(id, 12_345)).status).toBe(200);
    const payment = await get(id);
    expect(payment.status).toBe('PAID');
    const receiptUrl = payment.receiptUrl ?? '';
    // The browser pages' listener, not the API's (port 0: both listeners took free ports).
    expect(new URL(receiptUrl).origin).toBe(s.emulator.url);
    expect(s.emulator.v2Url).not.toBe(s.emulator.url);
    const slip = await open(receiptUrl);
    expect(slip.status).toBe(200);
    expect(slip.text).toContain('카드 매출 전표');
    expect(slip.text).toContain('12,345원');
    expect(slip.text).toContain(`<td>${id}</td>`);
    expect(slip.text).toContain(`<td>${payment.transactionId}</td>`);
    expect(slip.text).toContain('원두 정기배송');
    // The masked number only.
    expect(slip.text).not.toContain('4242424242424242');
    expect(slip.text).toMatch(/4242-?\d{2}\*\*/);

    // The lists carry it too.
    const listed = await s.api.ok<{ items: PaymentBody[] }>('GET', '/payments', { body: { page: { size: 1000 } } });
    expect(listed.items.find((p) => p.id === id)?.receiptUrl).toBe(receiptUrl);
    const transactions = await s.api.ok<{ items: { receiptUrl?: string }[] }>(
      'GET',
      '/payments/{paymentId}/transactions',
      { params: { paymentId: id } },
    );
    expect(transactions.items[0]?.receiptUrl).toBe(receiptUrl);
  });

  it('a cancellation’s receiptUrl opens the cancellation slip; a cancelled payment keeps its receiptUrl', async () => {
    const id = paymentId('cancel');
    await payWithKey(id, 30_000);
    const answer = await s.api.ok<{ cancellation: { id: string; receiptUrl?: string } }>(
      'POST',
      '/payments/{paymentId}/cancel',
      { params: { paymentId: id }, body: { amount: 7_000, reason: '원두 1봉 반품' } },
    );
    const partial = await get(id);
    expect(partial.status).toBe('PARTIAL_CANCELLED');
    expect(partial.receiptUrl).toMatch(/^http:/);
    expect(partial.cancellations?.[0]?.receiptUrl).toBe(answer.cancellation.receiptUrl);
    const slip = await open(answer.cancellation.receiptUrl ?? '');
    expect(slip.status).toBe(200);
    expect(slip.text).toContain('카드 취소 전표');
    expect(slip.text).toContain('<td>7,000원</td>');
    expect(slip.text).toContain('원두 1봉 반품');
    expect(slip.text).toContain('<td>30,000원</td>');

    await s.api.ok('POST', '/payments/{paymentId}/cancel', {
      params: { paymentId: id },
      body: { reason: '전체 환불' },
    });
    const cancelled = await get(id);
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.receiptUrl).toBe(partial.receiptUrl);
    // The sale's slip, without a cancellation id, shows no cancellation.
    const sale = await open(cancelled.receiptUrl ?? '');
    expect(sale.text).toContain('카드 매출 전표');
    expect(sale.text).not.toContain('취소금액');
  });

  it('a wallet payment’s slip names the wallet', async () => {
    const id = paymentId('wallet');
    const paid = payInWindow(s.emulator.core, MERCHANT, {
      channelKey: WALLET_CHANNEL,
      request: { paymentId: id, orderName: '드립백 세트', total: 8_000, currency: 'KRW' },
      means: { phone: '010-1234-5678' },
    });
    expect(paid.status).toBe('PAID');
    const slip = await open((await get(id)).receiptUrl ?? '');
    expect(slip.status).toBe(200);
    expect(slip.text).toContain('카카오페이');
    expect(slip.text).toContain('8,000원');
  });

  it('a failed, a ready and a waiting virtual-account payment have none, and their slip is a 404', async () => {
    const failed = paymentId('failed');
    expect((await payWithKey(failed, 5_000, '4000000000009995')).status).toBe(502);
    const ready = paymentId('ready');
    authorizePaymentInWindow(s.emulator.core, MERCHANT, {
      channelKey: null,
      request: { paymentId: ready, orderName: '승인 대기', total: 4_000, currency: 'KRW' },
      means: { card: card() },
    });
    const waiting = paymentId('va');
    await s.api.ok('POST', '/payments/{paymentId}/instant', {
      params: { paymentId: waiting },
      body: {
        method: { virtualAccount: { bank: 'SHINHAN', expiry: { validHours: 24 }, option: { type: 'NORMAL' } } },
        orderName: '무통장',
        amount: { total: 20_000 },
        currency: 'KRW',
      },
    });
    const unpaid: [id: string, status: string][] = [
      [failed, 'FAILED'],
      [ready, 'READY'],
      [waiting, 'VIRTUAL_ACCOUNT_ISSUED'],
    ];
    for (const [id, status] of unpaid) {
      const payment = await get(id);
      expect(payment.status).toBe(status);
      expect(payment).not.toHaveProperty('receiptUrl');
      expect((await open(`${s.emulator.url}/__emulator/v2/receipts/${STORE_ID}/${id}`)).status).toBe(404);
    }
  });

  it('an unknown payment id or store is a 404', async () => {
    const id = paymentId('known');
    await payWithKey(id, 1_000);
    expect((await open(`${s.emulator.url}/__emulator/v2/receipts/${STORE_ID}/${id}`)).status).toBe(200);
    expect((await open(`${s.emulator.url}/__emulator/v2/receipts/${STORE_ID}/no-such-payment`)).status).toBe(404);
    expect((await open(`${s.emulator.url}/__emulator/v2/receipts/store-unknown/${id}`)).status).toBe(404);
  });
});

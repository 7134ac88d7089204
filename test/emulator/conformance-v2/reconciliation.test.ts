// The transactions VAT report: payments on their KST day, cancellations subtracted on theirs.
import { describe, expect, it } from 'vitest';
import { paidPayment, useV2Emulator } from './harness';

describe('V2 transactions VAT report', () => {
  const s = useV2Emulator();

  it('sums a day’s card payments net of a same-day partial cancel, and nothing the day after', async () => {
    const id = await paidPayment(s.api, 11_000);
    await paidPayment(s.api, 22_000);
    await s.api.ok('POST', '/payments/{paymentId}/cancel', {
      params: { paymentId: id },
      body: { amount: 1100, reason: '부분' },
    });
    const report = await s.api.ok<{ items: unknown[]; summary: Record<string, number> }>(
      'GET',
      '/payment-reconciliations/transactions/vat-report',
      { body: { dateRange: { from: '2026-01-15', until: '2026-01-15' } } },
    );
    expect(report.items).toEqual([
      // 11,000 + 22,000 − 1,100 = 31,900: supply 29,000 and VAT 2,900.
      { paymentMethod: 'CARD', supplyAmount: 29_000, vatAmount: 2900, taxFreeAmount: 0, totalAmount: 31_900 },
    ]);
    expect(report.summary).toEqual({
      totalSupplyAmount: 29_000,
      totalVatAmount: 2900,
      totalTaxFreeAmount: 0,
      totalAmount: 31_900,
    });
    const next = await s.api.ok<{ items: unknown[] }>('GET', '/payment-reconciliations/transactions/vat-report', {
      body: { dateRange: { from: '2026-01-16', until: '2026-01-16' } },
    });
    expect(next.items).toEqual([]);
  });
});

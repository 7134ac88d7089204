// GET /payment-reconciliations/transactions/vat-report: a VAT report of the store's transactions
// over KST dates — each payment counted on its day, each cancellation subtracted on its own —
// by payment method. (Settlement reports need settlements, which the emulator does not make.)
import type { V2PaymentRecord } from '../../core/store/v2-records';
import { kstMidnight } from '../../core/time/clock';
import type { V2Api, V2Context } from '../api';
import { invalidRequest } from '../errors';
import { type Json, optionalObject, optionalStrings, requiredString } from '../fields';
import { vatOf } from '../wire';

const DAY = 86_400;

function dayStart(body: Json, field: string): number {
  const date = requiredString(body, field, 10);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw invalidRequest(`dateRange.${field}: yyyy-MM-dd 형식이어야 합니다.`);
  return kstMidnight(Number(match[1]), Number(match[2]), Number(match[3]));
}

const METHOD: Record<string, string> = { card: 'CARD', easy_pay: 'CHARGE', virtual_account: 'VIRTUAL_ACCOUNT' };

interface Sums {
  supply: number;
  vat: number;
  taxFree: number;
  total: number;
}

function transactionsOf(p: V2PaymentRecord): { at: number; total: number; taxFree: number }[] {
  if (p.paid_at === 0) return [];
  return [
    { at: p.paid_at, total: p.total, taxFree: p.tax_free },
    ...p.cancellations.map((c) => ({ at: c.cancelled_at, total: -c.total, taxFree: -c.tax_free })),
  ];
}

function vatReport(ctx: V2Context) {
  const range = optionalObject(ctx.body, 'dateRange');
  if (!range) throw invalidRequest('dateRange: 필수 항목입니다.');
  const from = dayStart(range, 'from');
  const until = dayStart(range, 'until') + DAY;
  if (until <= from) throw invalidRequest('dateRange: until은 from 이후여야 합니다.');
  const filter = optionalObject(ctx.body, 'filter') ?? {};
  const storeIds = optionalStrings(filter, 'storeIds', 100);
  const byMethod = new Map<string, Sums>();
  const providers = new Set<string>();
  for (const p of ctx.core.store.v2PaymentsByMerchant.get(ctx.merchant.code)) {
    if (storeIds && !storeIds.includes(p.store_id)) continue;
    for (const t of transactionsOf(p)) {
      if (t.at < from || t.at >= until) continue;
      const method = METHOD[p.method?.type ?? ''] ?? 'ETC';
      const sums = byMethod.get(method) ?? { supply: 0, vat: 0, taxFree: 0, total: 0 };
      const vat = Math.sign(t.total) * vatOf(Math.abs(t.total), Math.abs(t.taxFree));
      byMethod.set(method, {
        supply: sums.supply + t.total - t.taxFree - vat,
        vat: sums.vat + vat,
        taxFree: sums.taxFree + t.taxFree,
        total: sums.total + t.total,
      });
      providers.add(p.pg_provider);
    }
  }
  const items = [...byMethod].map(([paymentMethod, s]) => ({
    paymentMethod,
    supplyAmount: s.supply,
    vatAmount: s.vat,
    taxFreeAmount: s.taxFree,
    totalAmount: s.total,
  }));
  const sum = (pick: (i: (typeof items)[number]) => number) => items.reduce((n, i) => n + pick(i), 0);
  return {
    items,
    summary: {
      totalSupplyAmount: sum((i) => i.supplyAmount),
      totalVatAmount: sum((i) => i.vatAmount),
      totalTaxFreeAmount: sum((i) => i.taxFreeAmount),
      totalAmount: sum((i) => i.totalAmount),
    },
    pgSpecifiers: [...providers].map((pgProvider) => ({
      pgMerchantId: `emulator-${pgProvider.toLowerCase()}`,
      pgProvider,
    })),
  };
}

export function reconciliationRoutes(api: V2Api): void {
  api.on('GET', '/payment-reconciliations/transactions/vat-report', vatReport);
}

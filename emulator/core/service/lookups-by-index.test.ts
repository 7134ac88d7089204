// "Lookups are by index, never by scanning everything": with thousands of records stored, running
// what is due and reading a payment by merchant_uid must not visit every record of any table.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { START } from '@/test/emulator/conformance/harness';
import {
  cardFields,
  type PaymentWire,
  type ScheduleWire,
  startTestEmulator,
  type TestEmulator,
} from '@/test/emulator/kit';
import type { Table } from '../store/table';
import { bookSchedules } from './schedules';

const STORED = 5000;
const DAY = 24 * 3600;
let emulator: TestEmulator;

/** Counts every way of visiting all of a table's records: its listings and its row map's iterators. */
function watchScans(tables: Table<unknown>[]) {
  const spies = tables.flatMap((table) => {
    // the rows are private: a scan written against them directly must be caught too
    const rows = (table as unknown as { rows: Map<string, unknown> }).rows;
    return [
      vi.spyOn(table, 'values'),
      vi.spyOn(table, 'entries'),
      vi.spyOn(rows, 'values'),
      vi.spyOn(rows, 'entries'),
      vi.spyOn(rows, 'keys'),
      vi.spyOn(rows, 'forEach'),
      vi.spyOn(rows, Symbol.iterator),
    ];
  });
  return {
    scans: () => spies.reduce((n, spy) => n + spy.mock.calls.length, 0),
    stop: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}

beforeAll(async () => {
  emulator = await startTestEmulator({ clock: { start: START, frozen: true } });
  const { core } = emulator;
  const code = emulator.merchant.code;
  await emulator.rest('POST', '/subscribe/customers/c-many', cardFields());
  // thousands of schedules due long after the test's advance, and thousands of payments
  // in requests of 100, the most one request may book
  for (let first = 0; first < STORED; first += 100) {
    bookSchedules(core, code, {
      customer_uid: 'c-many',
      schedules: Array.from({ length: Math.min(100, STORED - first) }, (_, j) => ({
        merchant_uid: `later-${first + j}`,
        schedule_at: START + 30 * DAY + first + j,
        amount: 1000,
        name: '나중',
      })),
    });
  }
  const { body } = await emulator.rest<PaymentWire>('POST', '/subscribe/payments/onetime', {
    merchant_uid: 'template',
    amount: 1000,
    ...cardFields('insufficientBalance'),
  });
  const template = core.store.payments.get(body.response?.imp_uid ?? '');
  if (!template) throw new Error('no template payment');
  for (let i = 0; i < STORED; i++) {
    core.store.payments.put({
      ...template,
      seq: core.store.nextSeq(),
      imp_uid: `imp_${String(i).padStart(12, '0')}`,
      merchant_uid: `stored-${i}`,
    });
  }
  bookSchedules(core, code, {
    customer_uid: 'c-many',
    schedules: [1, 2, 3].map((n) => ({
      merchant_uid: `due-${n}`,
      schedule_at: START + n * 60,
      amount: 9900,
      name: '월 구독',
    })),
  });
});
afterAll(() => emulator.close());

describe('lookups by index', () => {
  const tables = () => {
    const { store } = emulator.core;
    return [store.payments, store.schedules, store.billingKeys, store.webhooks] as unknown as Table<unknown>[];
  };

  it('the watch catches a scan, through the table or its rows', () => {
    const { payments } = emulator.core.store;
    const watch = watchScans(tables());
    try {
      payments.values();
      expect(watch.scans()).toBeGreaterThan(0);
      const viaTable = watch.scans();
      for (const _ of (payments as unknown as { rows: Map<string, unknown> }).rows) break;
      expect(watch.scans()).toBeGreaterThan(viaTable);
    } finally {
      watch.stop();
    }
  });

  it('running due schedules and reading payments by merchant_uid visit no table in full', async () => {
    const watch = watchScans(tables());
    try {
      await emulator.advanceClock(300);
      const due = await emulator.rest<ScheduleWire>('GET', '/subscribe/payments/schedule/due-3');
      expect(due.body.response).toMatchObject({ schedule_status: 'executed', payment_status: 'paid' });
      const found = await emulator.rest<PaymentWire>('GET', `/payments/find/stored-${STORED - 1}`);
      expect(found.body.response?.imp_uid).toBe(`imp_${String(STORED - 1).padStart(12, '0')}`);
      const paid = await emulator.rest<PaymentWire>('GET', '/payments/find/due-1/paid');
      expect(paid.body.response?.customer_uid_usage).toBe('payment.scheduled');
      expect(watch.scans()).toBe(0);
    } finally {
      watch.stop();
    }
    expect(emulator.core.store.counts()).toMatchObject({ pending_schedules: STORED, payments: STORED + 4 });
  });
});

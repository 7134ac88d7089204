import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodEnd } from './periods';
import { proRataRefund } from './pro-rata';

const START = Date.UTC(2026, 0, 15, 3) / 1000; // 2026-01-15 12:00 KST
const DAY = 86_400;
const MONTH = { months: 1 };
const END = periodEnd(START, MONTH); // 31 days later

describe('pro-rata refund', () => {
  it('a monthly period: all on the first day, the days not completed in the middle, one day on the last', () => {
    expect(proRataRefund(19_900, START, END, START, MONTH)).toEqual({
      refund: 19_900,
      unit: 'day',
      unused: 31,
      total: 31,
    });
    expect(proRataRefund(19_900, START, END, START + DAY - 1, MONTH).refund).toBe(19_900);
    // 15.5 days in: 15 days used, 16 of 31 given back.
    expect(proRataRefund(19_900, START, END, START + 15.5 * DAY, MONTH)).toMatchObject({ refund: 10_270, unused: 16 });
    // The last day, under way: that day's share (19,900 ÷ 31, floored).
    expect(proRataRefund(19_900, START, END, END - DAY / 2, MONTH)).toMatchObject({ refund: 641, unused: 1 });
    expect(proRataRefund(19_900, START, END, END, MONTH)).toMatchObject({ refund: 0, unused: 0 });
  });

  it('the demo period: by the second', () => {
    const period = { seconds: 3600 };
    expect(proRataRefund(1_000, START, START + 3600, START, period).refund).toBe(1_000);
    expect(proRataRefund(1_000, START, START + 3600, START + 1800, period).refund).toBe(500);
    expect(proRataRefund(1_000, START, START + 3600, START + 3599, period).refund).toBe(0);
    expect(proRataRefund(1_000, START, START + 3600, START + 1234, period).refund).toBe(
      Math.floor((1_000 * 2366) / 3600),
    );
  });

  it('never more than was paid, never negative, and less as time passes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: -DAY, max: 40 * DAY }),
        fc.integer({ min: 0, max: 40 * DAY }),
        fc.boolean(),
        (paid, offset, later, monthly) => {
          const period = monthly ? MONTH : { seconds: 3600 };
          const end = monthly ? END : START + 3600;
          const a = proRataRefund(paid, START, end, START + offset, period).refund;
          const b = proRataRefund(paid, START, end, START + offset + later, period).refund;
          expect(a).toBeGreaterThanOrEqual(0);
          expect(a).toBeLessThanOrEqual(paid);
          expect(Number.isInteger(a)).toBe(true);
          expect(b).toBeLessThanOrEqual(a);
        },
      ),
    );
  });
});

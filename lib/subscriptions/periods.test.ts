import { describe, expect, it } from 'vitest';
import { periodEnd, renewalOf, retryAt } from './periods';

const kst = (iso: string) => Date.parse(`${iso}+09:00`) / 1000;

describe('periodEnd', () => {
  it('a calendar month in Korean time, same day and time', () => {
    expect(periodEnd(kst('2026-01-15T10:30:00'), { months: 1 })).toBe(kst('2026-02-15T10:30:00'));
    expect(periodEnd(kst('2026-12-01T00:00:00'), { months: 1 })).toBe(kst('2027-01-01T00:00:00'));
  });

  it('the last day of a shorter month when the start day does not exist there', () => {
    expect(periodEnd(kst('2026-01-31T09:00:00'), { months: 1 })).toBe(kst('2026-02-28T09:00:00'));
    expect(periodEnd(kst('2028-01-31T09:00:00'), { months: 1 })).toBe(kst('2028-02-29T09:00:00'));
  });

  it('a day boundary in UTC that is not one in Korea', () => {
    // 2026-01-31 23:30 UTC is 2026-02-01 08:30 in Korea: the next period starts 2026-03-01 08:30 KST.
    expect(periodEnd(Date.parse('2026-01-31T23:30:00Z') / 1000, { months: 1 })).toBe(kst('2026-03-01T08:30:00'));
  });

  it('fixed periods in seconds', () => {
    expect(periodEnd(1000, { seconds: 3600 })).toBe(4600);
  });
});

describe('retryAt', () => {
  it('retries n days after the due time, and no more after the last', () => {
    expect(retryAt(1000, [1, 3], 1)).toBe(1000 + 86_400);
    expect(retryAt(1000, [1, 3], 2)).toBe(1000 + 3 * 86_400);
    expect(retryAt(1000, [1, 3], 3)).toBeUndefined();
  });
});

describe('the billing anchor (Stripe billing_cycle_anchor)', () => {
  const anchor = kst('2026-01-31T09:00:00');

  it('started on the 31st: Feb 28, then Mar 31 — the day comes back after a shorter month', () => {
    const feb = periodEnd(anchor, { months: 1 }, anchor);
    expect(feb).toBe(kst('2026-02-28T09:00:00'));
    const mar = periodEnd(feb, { months: 1 }, anchor);
    expect(mar).toBe(kst('2026-03-31T09:00:00'));
    expect(periodEnd(mar, { months: 1 }, anchor)).toBe(kst('2026-04-30T09:00:00'));
    expect(periodEnd(kst('2026-04-30T09:00:00'), { months: 1 }, anchor)).toBe(kst('2026-05-31T09:00:00'));
  });

  it('without an anchor each period counts from its own start (the drift the anchor prevents)', () => {
    expect(periodEnd(kst('2026-02-28T09:00:00'), { months: 1 })).toBe(kst('2026-03-28T09:00:00'));
  });

  it('a renewal keeps the anchor; one decided late counts from when it starts', () => {
    const feb = kst('2026-02-28T09:00:00');
    expect(renewalOf(feb, { months: 1 }, 100, feb, anchor).periodEnd).toBe(kst('2026-03-31T09:00:00'));
    const late = kst('2026-03-05T12:00:00');
    expect(renewalOf(feb, { months: 1 }, 100, late, anchor)).toMatchObject({
      periodStart: late,
      periodEnd: kst('2026-04-05T12:00:00'),
    });
  });

  it('a year of monthly renewals from the 31st lands on each month’s last day or the 31st', () => {
    let end = anchor;
    const days: number[] = [];
    for (let i = 0; i < 12; i++) {
      end = periodEnd(end, { months: 1 }, anchor);
      days.push(new Date((end + 9 * 3600) * 1000).getUTCDate());
    }
    expect(days).toEqual([28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31, 31]);
  });
});

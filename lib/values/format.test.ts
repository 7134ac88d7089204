import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDate, formatDateTime, formatWon } from './format';

describe('the one formatter', () => {
  // 2026-11-23T20:31:00Z is 2026-11-24 05:31 in Korea.
  const at = Date.UTC(2026, 10, 23, 20, 31) / 1000;

  it('writes times in Korean time, the same from UNIX seconds, ISO strings and Dates', () => {
    expect(formatDateTime(at)).toBe('2026년 11월 24일 오전 5:31');
    expect(formatDateTime(new Date(at * 1000).toISOString())).toBe('2026년 11월 24일 오전 5:31');
    expect(formatDateTime(new Date(at * 1000))).toBe('2026년 11월 24일 오전 5:31');
    expect(formatDateTime(at + 9 * 3600)).toBe('2026년 11월 24일 오후 2:31');
  });

  it('writes dates without times, and calendar dates without shifting a day', () => {
    expect(formatDate(at)).toBe('2026년 11월 24일');
    expect(formatCalendarDate('1995-03-14')).toBe('1995년 3월 14일');
  });

  it('writes won', () => {
    expect(formatWon(1_234_500)).toBe('1,234,500원');
  });
});

describe('noon and midnight', () => {
  it('writes 12, not 0', () => {
    expect(formatDateTime(Date.UTC(2026, 0, 1, 15, 5) / 1000)).toBe('2026년 1월 2일 오전 12:05');
    expect(formatDateTime(Date.UTC(2026, 0, 1, 3, 0) / 1000)).toBe('2026년 1월 1일 오후 12:00');
  });
});

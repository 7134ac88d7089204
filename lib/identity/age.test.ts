import { describe, expect, it } from 'vitest';
import { internationalAge, koreanDate } from './age';

describe('internationalAge', () => {
  it('counts full years, turning on the birthday itself', () => {
    expect(internationalAge('2006-11-22', '2025-11-21')).toBe(18);
    expect(internationalAge('2006-11-22', '2025-11-22')).toBe(19);
    expect(internationalAge('2006-11-22', '2025-12-01')).toBe(19);
  });

  it('treats 29 February birthdays as coming of age on 1 March in common years', () => {
    expect(internationalAge('2004-02-29', '2023-02-28')).toBe(18);
    expect(internationalAge('2004-02-29', '2023-03-01')).toBe(19);
    expect(internationalAge('2004-02-29', '2024-02-29')).toBe(20);
  });

  it('rejects malformed dates', () => {
    expect(() => internationalAge('19900101', '2025-01-01')).toThrow();
  });
});

describe('koreanDate', () => {
  it('uses Korean time: 15:00 UTC is already the next day in Seoul', () => {
    expect(koreanDate(Date.UTC(2025, 10, 21, 14, 59) / 1000)).toBe('2025-11-21');
    expect(koreanDate(Date.UTC(2025, 10, 21, 15, 0) / 1000)).toBe('2025-11-22');
  });
});

import { describe, expect, it } from 'vitest';
import { expiryToService, maskCardNumber, maskExpiry, passesLuhn, validateKeyIn } from './card-input';

describe('card input', () => {
  it('masks partial and pasted input', () => {
    expect(maskCardNumber('42')).toBe('42');
    expect(maskCardNumber('424242')).toBe('4242-42');
    expect(maskCardNumber('4242 4242 4242 4242 1')).toBe('4242-4242-4242-4242');
    expect(maskExpiry('1')).toBe('1');
    expect(maskExpiry('122')).toBe('12/2');
    expect(maskExpiry('12/299')).toBe('12/29');
  });

  it('checks the Luhn digit of every DESIGN.md test card, and catches a typo', () => {
    for (const number of ['4242424242424242', '4000000000000002', '4000000000000069', '4000000000000119']) {
      expect(passesLuhn(number), number).toBe(true);
    }
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it("turns MM/YY into the service's YYYY-MM, and refuses what is not a month", () => {
    expect(expiryToService('03/31')).toBe('2031-03');
    expect(expiryToService('00/31')).toBeUndefined();
    expect(expiryToService('13/31')).toBeUndefined();
    expect(expiryToService('2031-03')).toBeUndefined();
  });

  it('accepts a personal or a corporate card, nothing else', () => {
    const valid = { cardNumber: '4242-4242-4242-4242', expiry: '12/29', birth: '900101', pwd2digit: '00' };
    expect(validateKeyIn(valid)).toEqual({});
    expect(validateKeyIn({ ...valid, birth: '1234567890' })).toEqual({});
    expect(Object.keys(validateKeyIn({ ...valid, birth: '12345678' }))).toEqual(['birth']);
  });
});

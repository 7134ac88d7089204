import { describe, expect, it } from 'vitest';
import { expiryToService, maskCardNumber, maskExpiry, passesLuhn, validateKeyIn } from './card-input';

describe('card input', () => {
  it('masks partial and pasted input', () => {
    expect(maskCardNumber('42')).toBe('42');
    expect(maskCardNumber('424242')).toBe('4242-42');
    expect(maskCardNumber('4242 4242 4242 4242 1')).toBe('4242-4242-4242-4242');
    // AMEX: 15 digits, grouped 4-6-5 as printed on the card.
    expect(maskCardNumber('3782822463100051')).toBe('3782-822463-10005');
    expect(maskCardNumber('37828')).toBe('3782-8');
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

  it('accepts a 15-digit AMEX card written 4-6-5, and only that grouping', () => {
    const amex = { cardNumber: '3782-822463-10005', expiry: '12/29', birth: '900101', pwd2digit: '00' };
    expect(validateKeyIn(amex)).toEqual({});
    expect(validateKeyIn({ ...amex, cardNumber: '3782-8224-6310-005' }).cardNumber).toBeDefined();
    expect(validateKeyIn({ ...amex, cardNumber: '3782-822463-1000' }).cardNumber).toContain('15자리');
    // A 15-digit number that is not an AMEX one is short of a digit.
    expect(validateKeyIn({ ...amex, cardNumber: '4242-4242-4242-424' }).cardNumber).toContain('16자리');
  });
});

import { describe, expect, it } from 'vitest';
import { isBusinessNumber, isMobileNumber } from './cash-receipt-input';
import { cashReceiptRequest } from './cash-receipt-request';

describe('현금영수증 numbers', () => {
  it.each([
    ['124-81-00998', true],
    ['1248100998', true],
    ['220-81-62517', true],
    ['124-81-00999', false],
    ['124-81-0099', false],
    ['0000000000', true],
    ['12a-81-00998', false],
  ])('사업자등록번호 %s → %s', (value, valid) => {
    expect(isBusinessNumber(value)).toBe(valid);
  });

  it.each([
    ['010-1234-5678', true],
    ['011-123-4567', true],
    ['01012345678', true],
    ['02-123-4567', false],
    ['010-1234-56789', false],
    ['010-123-4567', false],
    ['012-1234-5678', false],
  ])('휴대폰 번호 %s → %s', (value, valid) => {
    expect(isMobileNumber(value)).toBe(valid);
  });

  it('keeps digits only, and names the identifier when it is wrong', () => {
    expect(cashReceiptRequest.parse({ type: 'person', identifier: '010-1234-5678' })).toEqual({
      type: 'person',
      identifier: '01012345678',
    });
    const refused = cashReceiptRequest.safeParse({ type: 'company', identifier: '010-1234-5678' });
    expect(refused.error?.issues.map((issue) => issue.path)).toEqual([['identifier']]);
    expect(cashReceiptRequest.safeParse({ type: 'person', identifier: '01012345678', extra: 1 }).success).toBe(false);
  });
});

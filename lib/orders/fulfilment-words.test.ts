import { describe, expect, it } from 'vitest';
import { CARRIERS, proposedReturnFee, RETURN_SHIPPING, returnReasonText, trackingUrl } from './fulfilment-words';

describe('배송조회', () => {
  it.each(CARRIERS.map((carrier) => [carrier]))(
    "%s: the carrier's own https tracking page for the number",
    (carrier) => {
      const url = new URL(trackingUrl(carrier, '123456789012') ?? '');
      expect(url.protocol).toBe('https:');
      expect(url.href).toContain('123456789012');
    },
  );

  it('has none for an unknown carrier or a missing number', () => {
    expect(trackingUrl('어느택배', '123456789012')).toBeNull();
    expect(trackingUrl('CJ대한통운', null)).toBeNull();
  });
});

describe('returns', () => {
  it('proposes the fee the product page states: a change of mind pays both ways, a fault nothing', () => {
    expect(proposedReturnFee(returnReasonText('change_of_mind', '맛이 진해요'))).toBe(RETURN_SHIPPING.changeOfMind);
    expect(proposedReturnFee(returnReasonText('damaged', ''))).toBe(0);
    expect(proposedReturnFee(null)).toBe(0);
  });
});

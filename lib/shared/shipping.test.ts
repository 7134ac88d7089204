import { describe, expect, it } from 'vitest';
import { FREE_SHIPPING_FROM, priceOrder, SHIPPING_FEE } from './shipping';

describe('priceOrder', () => {
  it('charges the fee below the free-shipping line and not from it', () => {
    expect(priceOrder(15_900, 1, true)).toEqual({ itemsAmount: 15_900, shippingFee: SHIPPING_FEE, total: 18_900 });
    expect(priceOrder(15_900, 2, true)).toEqual({ itemsAmount: 31_800, shippingFee: 0, total: 31_800 });
    expect(priceOrder(FREE_SHIPPING_FROM, 1, true).shippingFee).toBe(0);
    expect(priceOrder(FREE_SHIPPING_FROM - 1, 1, true).shippingFee).toBe(SHIPPING_FEE);
  });

  it('an order with no delivery pays the goods only', () => {
    expect(priceOrder(12_000, 1, false)).toEqual({ itemsAmount: 12_000, shippingFee: 0, total: 12_000 });
  });
});

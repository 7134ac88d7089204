import { describe, expect, it } from 'vitest';
import { FREE_SHIPPING_FROM, priceOrder, SHIPPING_FEE, shippingProblems } from './shipping';

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

describe('shippingProblems', () => {
  const good = {
    recipient: '김하늘',
    phone: '010-1234-5678',
    postcode: '04524',
    address: '서울특별시 중구 세종대로 110',
    addressDetail: '',
    note: '',
  };
  it('names a field over its limit in plain Korean, as the server does', () => {
    expect(shippingProblems(good)).toEqual({});
    expect(shippingProblems({ ...good, recipient: '가'.repeat(200) })).toEqual({
      recipient: '받는 분은 20자까지 입력할 수 있습니다.',
    });
    expect(shippingProblems({ ...good, address: '가'.repeat(101), note: 'x'.repeat(101) })).toEqual({
      address: '주소는 100자까지 입력할 수 있습니다.',
      note: '배송 요청사항은 100자까지 입력할 수 있습니다.',
    });
  });
});

import 'server-only';
import type { Product } from '@/lib/orders/order-view';

// The server owns prices: an order's amount comes from here, never from the browser.
const products: readonly Product[] = [
  {
    id: 'house-blend-1kg',
    name: '하우스 블렌드 원두 1kg',
    description: '고소하고 균형 잡힌 맛의 매일 마시는 원두입니다.',
    price: 28_000,
  },
  {
    id: 'drip-bag-20',
    name: '드립백 20개입',
    description: '뜨거운 물만 있으면 어디서나 핸드드립 커피를.',
    price: 15_900,
  },
  {
    id: 'ceramic-mug',
    name: '도자기 머그컵',
    description: '350ml, 식기세척기 사용 가능.',
    price: 12_000,
  },
];

export const listProducts = (): readonly Product[] => products;

export const findProduct = (id: string): Product | undefined => products.find((product) => product.id === id);

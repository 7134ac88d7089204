import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpsOrder } from '@/lib/shared/ops/orders';
import type { OpsShipment } from '@/lib/shared/ops/shipments';
import type { ShippingDetails } from '@/lib/shared/shipping';
import { OpsProviders } from './ops-providers';
import { OrderQueue } from './order-queue';

// The orders' queue and the boxes' queue under it: each a CardList of its resource, each card's
// steps posted to its own route and said above the queue.
const url = vi.hoisted(() => ({ search: '' }));
vi.mock('next/navigation', async () => ({
  ...(await import('@/test/next-navigation-double')).nextNavigationDouble(),
  useSearchParams: () => new URLSearchParams(url.search),
}));
const fetchDouble = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchDouble));
afterEach(() => {
  url.search = '';
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const shipping: ShippingDetails = {
  recipient: '김고객',
  phone: '010-1234-5678',
  postcode: '04524',
  address: '서울 중구 세종대로 110',
  addressDetail: '1층',
  note: '',
};
const order: OpsOrder = {
  orderNumber: '261127-048213',
  merchantUid: 'order_m1',
  productName: '원두 1kg',
  quantity: 1,
  amount: 32000,
  refundedAmount: 0,
  status: 'paid',
  fulfilment: 'ordered',
  shipping,
  carrier: null,
  trackingNumber: null,
  paidAt: null,
  deliveredAt: null,
  returnStatus: null,
  returnReason: null,
  returnFee: null,
  customerWithdrawn: false,
};
const box: OpsShipment = {
  number: 'S260115-738421-2',
  kind: 'period',
  sequence: 2,
  productName: '원두 정기배송',
  periodStart: null,
  periodEnd: null,
  fulfilment: 'preparing',
  carrier: null,
  trackingNumber: null,
  shippedAt: null,
  deliveredAt: null,
  shipping,
  subscriptionId: 'sub-1',
  subscriptionNumber: 'S260115-738421',
  planName: '월간 원두',
  charge: null,
  subscriptionEnding: false,
};

const answers = (orders: OpsOrder[], boxes: OpsShipment[]) =>
  fetchDouble.mockImplementation(async (path, init) => {
    if (init?.method === 'POST') return Response.json({});
    return Response.json({ rows: String(path).startsWith('/api/ops/orders') ? orders : boxes });
  });
const posted = () =>
  fetchDouble.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([path, init]) => [path, JSON.parse(String(init?.body))]);
const showQueue = () =>
  render(
    <OpsProviders operator={{ email: 'ops@shop.example', role: 'admin' }}>
      <OrderQueue />
    </OpsProviders>,
  );

describe('OrderQueue', () => {
  it("asks both queues for the URL's filters and shows a card each", async () => {
    url.search = 'queue=to_ship';
    answers([order], [box]);
    showQueue();
    // The lists stand from the start (busy); the cards come with the answers.
    const orders = screen.getByRole('list', { name: '주문' });
    expect(await within(orders).findByRole('listitem', { name: '주문 261127-048213' })).toBeVisible();
    const boxes = screen.getByRole('list', { name: '정기배송 상자' });
    expect(await within(boxes).findByRole('listitem', { name: '정기배송 S260115-738421-2' })).toBeVisible();
    expect(fetchDouble.mock.calls.map(([path]) => path).sort()).toEqual([
      '/api/ops/orders?queue=to_ship',
      '/api/ops/shipments?queue=to_ship',
    ]);
  });

  it("says when a queue is empty, and shows no boxes in the returns' queue", async () => {
    url.search = 'queue=returns';
    answers([], [box]);
    showQueue();
    expect(await screen.findByText('해당하는 주문이 없습니다.')).toBeVisible();
    expect(screen.queryByRole('list', { name: '정기배송 상자' })).toBeNull();
  });

  it("posts an order's step to the order and a box's to the box, and says each above the queue", async () => {
    answers([order], [box]);
    showQueue();
    const card = await screen.findByRole('listitem', { name: '주문 261127-048213' });
    await userEvent.click(within(card).getByRole('button', { name: '배송 준비 시작' }));
    expect(await screen.findByRole('status')).toHaveTextContent('주문 261127-048213: 배송 준비를 시작했습니다.');

    const boxCard = screen.getByRole('listitem', { name: '정기배송 S260115-738421-2' });
    await userEvent.type(within(boxCard).getByLabelText('운송장 번호'), '123456789012');
    await userEvent.click(within(boxCard).getByRole('button', { name: '발송 처리' }));
    expect(await screen.findByText(/^정기배송 S260115-738421-2: 발송 처리했습니다\./)).toBeVisible();
    expect(posted()).toEqual([
      ['/api/ops/orders/261127-048213/fulfilment', { action: 'prepare' }],
      [
        '/api/ops/shipments/S260115-738421-2/fulfilment',
        { action: 'ship', carrier: expect.any(String), trackingNumber: '123456789012' },
      ],
    ]);
  });
});

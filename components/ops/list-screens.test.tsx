import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditView } from '@/lib/ops/client/audit';
import type { OpsOrder } from '@/lib/ops/client/orders';
import type { PaymentRow } from '@/lib/ops/client/payments';
import type { ReconciliationRunView } from '@/lib/ops/client/reconciliations';
import type { OpsShipment } from '@/lib/ops/client/shipments';
import type { WebhookDeliveryView } from '@/lib/ops/client/webhooks';
import type { OperatorRole } from '@/lib/ops/operator-roles';
import type { ShippingDetails } from '@/lib/values/shipping';
import { AuditList } from './audit-list';
import { OpsProviders } from './ops-providers';
import { OrderQueue } from './order-queue';
import { PaymentSearch } from './payment-search';
import { ReconciliationView } from './reconciliation-view';
import { SubscriptionList } from './subscription-list';
import { WebhookList } from './webhook-list';

// Each console list through the shell (or the work queues' CardList) and its resource's hooks:
// what it asks the BFF for, and what it shows of the answer. The shells' states are tested in
// list-shell.test.tsx.
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

const asked = () => fetchDouble.mock.calls.map(([path, init]) => `${init?.method ?? 'GET'} ${path}`);
const page = <Row,>(rows: Row[], extra: object = {}) => ({ rows, total: rows.length, page: 1, pageSize: 20, ...extra });
const inConsole = (view: ReactNode, role: OperatorRole = 'admin') =>
  render(<OpsProviders operator={{ email: 'ops@shop.example', role }}>{view}</OpsProviders>);

describe('PaymentSearch', () => {
  it("searches the payments by the URL's filters and links each to its page", async () => {
    url.search = 'status=paid';
    const row: PaymentRow = {
      merchantUid: 'order_m/1',
      orderNumber: '261127-048213',
      impUid: 'imp_1',
      kind: 'window',
      payMethod: 'kakaopay',
      status: 'paid',
      name: '원두 1kg',
      amount: 32000,
      refundedAmount: 0,
      customerEmail: 'kim@example.com',
      createdAt: '2026-01-15T01:02:03.000Z',
      paidAt: null,
    };
    fetchDouble.mockResolvedValue(Response.json(page([row])));
    inConsole(<PaymentSearch />);
    const link = await screen.findByRole('link', { name: 'order_m/1' });
    expect(link).toHaveAttribute('href', '/ops/payments/order_m%2F1');
    expect(screen.getByRole('table', { name: '검색 결과' })).toBeVisible();
    expect(screen.getByRole('form', { name: '결제 검색 조건' })).toBeVisible();
    expect(screen.getByLabelText('상태')).toHaveValue('paid');
    expect(asked()).toEqual(['GET /api/ops/payments?status=paid']);
  });
});

describe('SubscriptionList', () => {
  it('says when no subscription matches', async () => {
    fetchDouble.mockResolvedValue(Response.json(page([])));
    inConsole(<SubscriptionList />);
    expect(await screen.findByRole('cell', { name: '조건에 맞는 구독이 없습니다.' })).toBeVisible();
    expect(screen.getByRole('table', { name: '구독' })).toBeVisible();
    expect(asked()).toEqual(['GET /api/ops/subscriptions?']);
  });
});

describe('AuditList', () => {
  it('shows the log of the page in the URL, the action in Korean beside its code', async () => {
    url.search = 'page=2';
    const entry: AuditView = {
      id: '7',
      at: '2026-01-15T01:02:03.000Z',
      operatorEmail: 'ops@shop.example',
      action: 'payment.refund',
      targetType: 'payment',
      targetId: 'order_m1',
      amount: 1000,
      reason: null,
      note: null,
      result: 'ok',
    };
    fetchDouble.mockResolvedValue(Response.json(page([entry], { page: 2, total: 21 })));
    inConsole(<AuditList />);
    const log = await screen.findByRole('table', { name: '운영 기록' });
    expect(within(log).getByText('결제 환불')).toBeVisible();
    expect(within(log).getByText('payment.refund')).toHaveClass('mono');
    expect(screen.getByText('2 / 2 페이지 · 모두 21건')).toBeVisible();
    expect(asked()).toEqual(['GET /api/ops/audit?page=2']);
  });
});

describe('WebhookList', () => {
  const delivery: WebhookDeliveryView = {
    id: '41',
    receivedAt: '2026-01-15T01:02:03.000Z',
    impUid: 'imp_1',
    merchantUid: 'order_m1',
    status: 'paid',
    body: '{"imp_uid":"imp_1"}',
    outcome: 'error: boom',
    processedAt: null,
    payMethod: 'card',
  };

  it('processes a delivery again (refunder and up) and says how it came out', async () => {
    fetchDouble.mockImplementation(async (_path, init) =>
      init?.method === 'POST'
        ? Response.json({ delivery: { ...delivery, outcome: 'ok' } })
        : Response.json(page([delivery])),
    );
    inConsole(<WebhookList />, 'refunder');
    await userEvent.click(await screen.findByRole('button', { name: 'order_m1 다시 처리' }));
    expect(await screen.findByRole('status')).toHaveTextContent('다시 처리했습니다');
    expect(asked()).toContain('POST /api/ops/webhooks/41/process');
  });

  it('offers no action to a viewer', async () => {
    fetchDouble.mockResolvedValue(Response.json(page([delivery])));
    inConsole(<WebhookList />, 'viewer');
    expect(await screen.findByRole('table', { name: '받은 웹훅' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /다시 처리/ })).toBeNull();
  });
});

describe('ReconciliationView', () => {
  it('shows the latest run and the runs of the page as a list', async () => {
    const run: ReconciliationRunView = {
      id: 'r1',
      startedAt: '2026-01-15T01:02:03.000Z',
      finishedAt: '2026-01-15T01:02:05.000Z',
      startedBy: 'ops@shop.example',
      status: 'done',
      report: null,
      error: null,
      summary: '확인 3건',
    };
    fetchDouble.mockResolvedValue(Response.json({ ...page([run]), latest: run }));
    inConsole(<ReconciliationView />, 'viewer');
    expect(await screen.findByRole('heading', { name: '마지막 대사' })).toBeVisible();
    expect(within(screen.getByRole('list', { name: '대사 실행 기록' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: '지금 대사 실행' })).toBeNull();
    expect(asked()).toEqual(['GET /api/ops/reconciliations?']);
  });
});

// The orders' queue and the boxes' queue under it: each card's steps posted to its own route and
// said above the queue.
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
  payMethod: 'card',
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
const showQueue = () => inConsole(<OrderQueue />);

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

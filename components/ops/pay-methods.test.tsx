import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DepositPage, DepositRow } from '@/lib/ops/client/deposits';
import type { PaymentDetail, PaymentRow } from '@/lib/ops/client/payments';
import type { OperatorRole } from '@/lib/ops/operator-roles';
import type { RefundAccountView } from '@/lib/refunds/client';
import { DepositQueue } from './deposit-queue';
import { OpsProviders } from './ops-providers';
import { PaymentDetailView } from './payment-detail';
import { PaymentSearch } from './payment-search';

// The console by how a payment was made: the method on each row and its filter, the 입금 대기
// queue, and the refund form of a 가상계좌 payment asking where the money goes.
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
const posted = () =>
  fetchDouble.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
const inConsole = (view: ReactNode, role: OperatorRole = 'refunder') =>
  render(<OpsProviders operator={{ email: 'ops@shop.example', role }}>{view}</OpsProviders>);

const row = (overrides: Partial<PaymentRow>): PaymentRow => ({
  merchantUid: 'ord_1',
  orderNumber: '261127-048213',
  impUid: 'imp_1',
  kind: 'window',
  payMethod: 'card',
  status: 'paid',
  name: '원두 1kg',
  amount: 32000,
  refundedAmount: 0,
  customerEmail: 'kim@example.com',
  createdAt: '2026-01-15T01:02:03.000Z',
  paidAt: null,
  ...overrides,
});

describe('PaymentSearch by method', () => {
  it('shows each row by its method, 입금 대기 for a 가상계좌 and 편의점 for a barcode, and filters by the URL', async () => {
    url.search = 'method=vbank';
    fetchDouble.mockResolvedValue(
      Response.json({
        rows: [
          row({ merchantUid: 'ord_v', payMethod: 'vbank', status: 'awaiting' }),
          row({ merchantUid: 'ord_c', payMethod: 'cvs', status: 'awaiting', kind: 'barcode' }),
          row({ merchantUid: 'ord_k', payMethod: 'kakaopay' }),
        ],
        total: 3,
        page: 1,
        pageSize: 20,
      }),
    );
    inConsole(<PaymentSearch />);
    const table = await screen.findByRole('table', { name: '검색 결과' });
    const cells = (merchantUid: string) =>
      within(within(table).getByRole('link', { name: merchantUid }).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('ord_v')).toEqual(expect.arrayContaining(['입금가상계좌', '입금 대기']));
    expect(cells('ord_c')).toEqual(expect.arrayContaining(['편의점 결제 대기']));
    expect(cells('ord_k')).toEqual(expect.arrayContaining(['pay카카오페이']));
    expect(screen.getByLabelText('결제수단')).toHaveValue('vbank');
    expect(within(screen.getByLabelText('결제수단')).getByRole('option', { name: '휴대폰 결제' })).toBeInTheDocument();
    expect(asked()).toEqual(['GET /api/ops/payments?method=vbank']);
  });
});

const deposit = (overrides: Partial<DepositRow>): DepositRow => ({
  merchantUid: 'ord_1',
  orderNumber: '261127-000001',
  productName: '드립백 20개',
  amount: 18900,
  customerEmail: 'kim@example.com',
  bankName: 'KB국민은행',
  accountNumber: '12345678901234',
  holder: '(주)커피상점',
  due: 1_800_000_000,
  state: 'waiting',
  createdAt: '2026-01-15T01:02:03.000Z',
  ...overrides,
});

describe('DepositQueue', () => {
  it('lists the accounts by due time, marking those due soon and expired, each linked to its payment', async () => {
    url.search = 'state=due_soon';
    const page: DepositPage = {
      rows: [
        deposit({ merchantUid: 'ord_x', orderNumber: '261127-000002', state: 'expired' }),
        deposit({ merchantUid: 'ord_s', orderNumber: '261127-000003', state: 'due_soon' }),
      ],
      total: 2,
      page: 1,
      pageSize: 20,
      now: 1_799_990_000,
    };
    fetchDouble.mockResolvedValue(Response.json(page));
    inConsole(<DepositQueue />, 'viewer');
    const table = await screen.findByRole('table', { name: '입금 대기 주문' });
    const [, expired, soon] = within(table).getAllByRole('row');
    expect(expired).toHaveTextContent('기한 지남');
    expect(expired).toHaveTextContent('KB국민은행 12345678901234 (예금주 (주)커피상점)');
    expect(expired).toHaveTextContent('18,900원');
    expect(soon).toHaveTextContent('곧 마감');
    expect(within(soon as HTMLElement).getByRole('link', { name: '261127-000003' })).toHaveAttribute(
      'href',
      '/ops/payments/ord_s',
    );
    expect(screen.getByText(/결제 서비스 시각/)).toBeVisible();
    expect(screen.getByLabelText('상태')).toHaveValue('due_soon');
    expect(asked()).toEqual(['GET /api/ops/deposits?state=due_soon']);
  });
});

function vbankDetail(refundAccount: RefundAccountView | null): PaymentDetail {
  return {
    record: {
      ...row({ merchantUid: 'ord_v', payMethod: 'vbank', amount: 18900 }),
      type: 'order',
      cardLabel: null,
      receiptUrl: null,
      failReason: null,
      subscriptionId: null,
      periodStart: null,
      periodEnd: null,
      delivery: null,
      vbank: { bankName: 'KB국민은행', accountNumber: '12345678901234', holder: '커피상점', due: 1_800_000_000 },
      refundAccount,
      cashReceipt: null,
    },
    customer: { email: 'kim@example.com', name: '김고객' },
    service: null,
    refundable: 18900,
    webhooks: [],
    reconciliation: [],
    audit: [],
  };
}

const answerDetail = (detail: PaymentDetail, refundAnswer: () => Response) =>
  fetchDouble.mockImplementation(async (_path, init) =>
    init?.method === 'POST' ? refundAnswer() : Response.json(detail),
  );
const refunded = () => Response.json({ refunded: 18900, refundable: 0, status: 'cancelled', endedSubscription: false });

describe("A 가상계좌's refund", () => {
  it('asks for an account when the customer left none, checks it before asking, and sends the typed one', async () => {
    answerDetail(vbankDetail(null), refunded);
    const user = userEvent.setup();
    inConsole(<PaymentDetailView merchantUid="ord_v" />);
    const form = await screen.findByRole('form', { name: '환불' });
    expect(within(form).getByText(/고객이 남긴 환불 계좌가 없습니다/)).toBeVisible();
    await user.click(within(form).getByRole('button', { name: '환불하기' }));
    expect(within(form).getByText('은행을 골라 주세요.')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.selectOptions(within(form).getByLabelText('은행'), '카카오뱅크');
    await user.type(within(form).getByLabelText('계좌번호'), '3333-01-2345678');
    await user.type(within(form).getByLabelText('예금주'), '김민준');
    await user.click(within(form).getByRole('button', { name: '환불하기' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('카카오뱅크 3333012345678 (예금주 김민준)');
    expect(dialog).toHaveTextContent('위 계좌로 이체됩니다');
    await user.click(within(dialog).getByRole('button', { name: '확인' }));
    expect(await screen.findByText(/18,900원을 환불했습니다/)).toBeVisible();
    expect(posted()).toEqual([
      expect.objectContaining({
        amount: 18900,
        refundable: 18900,
        refundAccount: { bank: '090', account: '3333012345678', holder: '김민준' },
      }),
    ]);
  });

  it("offers the customer's account first and sends no account for it (the server uses the stored one)", async () => {
    answerDetail(
      vbankDetail({ bank: '088', bankName: '신한은행', account: '110234567890', holder: '이서연' }),
      refunded,
    );
    const user = userEvent.setup();
    inConsole(<PaymentDetailView merchantUid="ord_v" />);
    const form = await screen.findByRole('form', { name: '환불' });
    expect(within(form).getByRole('radio', { name: /고객이 남긴 계좌: 신한은행 110234567890/ })).toBeChecked();
    expect(within(form).queryByLabelText('예금주')).toBeNull();
    await user.click(within(form).getByRole('button', { name: '환불하기' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('신한은행 110234567890 (예금주 이서연)');
    await user.click(within(dialog).getByRole('button', { name: '확인' }));
    await screen.findByText(/18,900원을 환불했습니다/);
    expect(posted()[0]).not.toHaveProperty('refundAccount');
  });

  it("shows the service's holder check under 예금주", async () => {
    answerDetail(vbankDetail(null), () =>
      Response.json(
        {
          error: {
            code: 'refund_holder_mismatch',
            message: '예금주가 계좌의 실제 예금주와 다릅니다.',
            fields: { 'refundAccount.holder': '예금주가 계좌의 실제 예금주와 다릅니다.' },
          },
        },
        { status: 400 },
      ),
    );
    const user = userEvent.setup();
    inConsole(<PaymentDetailView merchantUid="ord_v" />);
    const form = await screen.findByRole('form', { name: '환불' });
    await user.selectOptions(within(form).getByLabelText('은행'), 'KB국민은행');
    await user.type(within(form).getByLabelText('계좌번호'), '12345678901');
    await user.type(within(form).getByLabelText('예금주'), '아무개');
    await user.click(within(form).getByRole('button', { name: '환불하기' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '확인' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('예금주가 계좌의 실제 예금주와 다릅니다.');
    expect(within(form).getByLabelText('예금주')).toHaveAttribute('aria-invalid', 'true');
  });
});

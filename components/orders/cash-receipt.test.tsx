import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CashReceiptState } from '@/lib/orders/client';
import { CashReceiptSection } from './cash-receipt';

// The route is tested for real in test/routes/orders/cash-receipt*.db.test.ts; here fetch answers as it does.
const PATH = '/api/orders/261127-000001/cash-receipt';
const none: CashReceiptState = { cashReceipt: null, mayRequest: true };
const issued: CashReceiptState = {
  cashReceipt: { status: 'issued', type: 'person', identifier: '***-****-5678', applyNum: '83920145' },
  mayRequest: false,
};
const posts: unknown[] = [];

function serve(state: CashReceiptState, answer: () => Response = () => Response.json(issued)) {
  posts.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path !== PATH) return Response.json({ error: { code: 'x', message: 'unexpected' } }, { status: 500 });
      if (init?.method !== 'POST') return Response.json(state);
      posts.push(JSON.parse(String(init.body)));
      return answer();
    }),
  );
}

function renderSection(payMethod: 'trans' | 'vbank' | 'card', status: 'paid' | 'awaiting' = 'paid') {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <CashReceiptSection order={{ orderNumber: '261127-000001', payMethod, status }} />
    </SWRConfig>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('CashReceiptSection', () => {
  it('asks for a 소득공제용 receipt and shows it issued: status, the masked number and its 승인번호', async () => {
    serve(none);
    renderSection('trans');
    const section = await screen.findByRole('region', { name: '현금영수증' });
    await userEvent.type(within(section).getByLabelText('휴대폰 번호'), '010-1234-5678');
    await userEvent.click(within(section).getByRole('button', { name: '현금영수증 신청' }));
    expect(await within(section).findByText('발급 완료')).toBeInTheDocument();
    expect(posts).toEqual([{ type: 'person', identifier: '010-1234-5678' }]);
    expect(section).toHaveTextContent('***-****-5678');
    expect(section).toHaveTextContent('83920145');
    expect(within(section).queryByRole('button', { name: '현금영수증 신청' })).toBeNull();
  });

  it('a 사업자등록번호 whose check digit is wrong is said under the field and never sent', async () => {
    serve(none);
    renderSection('vbank', 'awaiting');
    const section = await screen.findByRole('region', { name: '현금영수증' });
    await userEvent.click(within(section).getByRole('radio', { name: /지출증빙용/ }));
    const field = within(section).getByLabelText('사업자등록번호');
    await userEvent.type(field, '124-81-00999');
    await userEvent.click(within(section).getByRole('button', { name: '현금영수증 신청' }));
    expect(field).toHaveAccessibleDescription(/올바른 사업자등록번호가 아닙니다/);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toEqual([]);
  });

  it("the server's refusal is shown above the form", async () => {
    serve(none, () =>
      Response.json(
        { error: { code: 'cash_receipt_exists', message: '이미 현금영수증을 신청했습니다.' } },
        { status: 409 },
      ),
    );
    renderSection('trans');
    const section = await screen.findByRole('region', { name: '현금영수증' });
    await userEvent.type(within(section).getByLabelText('휴대폰 번호'), '01012345678');
    await userEvent.click(within(section).getByRole('button', { name: '현금영수증 신청' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('이미 현금영수증을 신청했습니다.');
  });

  it('a request waiting for the deposit says when it is issued', async () => {
    serve({
      cashReceipt: { status: 'requested', type: 'company', identifier: '***-**-*0998', applyNum: null },
      mayRequest: false,
    });
    renderSection('vbank', 'awaiting');
    const section = await screen.findByRole('region', { name: '현금영수증' });
    expect(section).toHaveTextContent('발급 대기');
    expect(section).toHaveTextContent('지출증빙용');
    expect(section).toHaveTextContent('입금이 확인되면 발급됩니다.');
  });

  it('a card order has no 현금영수증 section and asks nothing', () => {
    serve(none);
    renderSection('card');
    expect(screen.queryByRole('region', { name: '현금영수증' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});

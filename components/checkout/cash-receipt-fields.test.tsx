import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type CashReceiptChoice, CashReceiptFields, cashReceiptOfChoice, NO_CASH_RECEIPT } from './cash-receipt-fields';

/** The order sheet's use of the fields: it holds the choice and shows the problem once it tries to send. */
function Sheet({ onSend }: { onSend(result: ReturnType<typeof cashReceiptOfChoice>): void }) {
  const [choice, setChoice] = useState<CashReceiptChoice>(NO_CASH_RECEIPT);
  const [problem, setProblem] = useState<string>();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const result = cashReceiptOfChoice(choice);
        setProblem(result.problem);
        onSend(result);
      }}
    >
      <CashReceiptFields value={choice} onChange={setChoice} error={problem} />
      <button type="submit">결제하기</button>
    </form>
  );
}

describe('CashReceiptFields', () => {
  it('starts at 신청 안 함 with no number asked, and sends nothing', async () => {
    const sent: unknown[] = [];
    render(<Sheet onSend={(result) => sent.push(result)} />);
    const group = screen.getByRole('group', { name: '현금영수증' });
    expect(screen.getByRole('radio', { name: '신청 안 함' })).toBeChecked();
    expect(group.querySelector('input[name="identifier"]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '결제하기' }));
    expect(sent).toEqual([{}]);
  });

  it('소득공제용 asks for a mobile number; a valid one becomes the request', async () => {
    const sent: unknown[] = [];
    render(<Sheet onSend={(result) => sent.push(result)} />);
    await userEvent.click(screen.getByRole('radio', { name: /소득공제용/ }));
    const phone = screen.getByLabelText('휴대폰 번호');
    expect(phone).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(phone, '010-1234-567');
    await userEvent.click(screen.getByRole('button', { name: '결제하기' }));
    expect(phone).toHaveAccessibleDescription(/010-1234-5678 형식/);
    await userEvent.type(phone, '8');
    await userEvent.click(screen.getByRole('button', { name: '결제하기' }));
    expect(sent.at(-1)).toEqual({ request: { type: 'person', identifier: '010-1234-5678' } });
  });

  it('지출증빙용 checks the 사업자등록번호 check digit; changing the use clears the number', async () => {
    const sent: unknown[] = [];
    render(<Sheet onSend={(result) => sent.push(result)} />);
    await userEvent.click(screen.getByRole('radio', { name: /지출증빙용/ }));
    const business = screen.getByLabelText('사업자등록번호');
    await userEvent.type(business, '124-81-00999');
    await userEvent.click(screen.getByRole('button', { name: '결제하기' }));
    expect(business).toHaveAttribute('aria-invalid', 'true');
    expect(sent.at(-1)).toMatchObject({ problem: expect.stringContaining('사업자등록번호') });
    await userEvent.clear(business);
    await userEvent.type(business, '124-81-00998');
    await userEvent.click(screen.getByRole('button', { name: '결제하기' }));
    expect(sent.at(-1)).toEqual({ request: { type: 'company', identifier: '124-81-00998' } });
    await userEvent.click(screen.getByRole('radio', { name: /소득공제용/ }));
    expect(screen.getByLabelText('휴대폰 번호')).toHaveValue('');
  });
});

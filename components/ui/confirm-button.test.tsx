import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmButton } from './confirm-button';

describe('ConfirmButton', () => {
  it('asks first; the step decides when the dialog closes', async () => {
    const onConfirm = vi.fn((close: () => void) => close());
    render(
      <ConfirmButton
        label="삭제"
        title="삭제할까요?"
        description={<p>되돌릴 수 없습니다.</p>}
        confirmLabel="삭제하기"
        onConfirm={onConfirm}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: '삭제' }));
    const dialog = await screen.findByRole('alertdialog', { name: '삭제할까요?' });
    expect(dialog).toHaveTextContent('되돌릴 수 없습니다.');
    await userEvent.click(screen.getByRole('button', { name: '삭제하기' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('stays closed when it may not open yet, and opens nothing while disabled', async () => {
    const { rerender } = render(
      <ConfirmButton
        label="바로 구매"
        mayOpen={() => false}
        title="주문 확인"
        description=""
        confirmLabel="결제"
        onConfirm={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: '바로 구매' }));
    rerender(
      <ConfirmButton
        label="바로 구매"
        disabled
        title="주문 확인"
        description=""
        confirmLabel="결제"
        onConfirm={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: '바로 구매' })).toBeDisabled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

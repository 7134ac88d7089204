import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { cardSummary } from '@/test/fixtures/cards';
import { DuplicateNotice } from './duplicate-notice';

const card = (id: string, duplicateOf: string | null = null) => cardSummary(id, { duplicateOf });

function Harness({ onRemove }: { onRemove(cardId: string): Promise<unknown> }) {
  const [shown, setShown] = useState(true);
  return shown ? (
    <DuplicateNotice
      card={card('c2', 'c1')}
      original={card('c1')}
      onRemove={onRemove}
      onDismiss={() => setShown(false)}
    />
  ) : (
    <p>닫힘</p>
  );
}

describe('DuplicateNotice', () => {
  it('keeping both dismisses the notice', async () => {
    const onRemove = vi.fn();
    render(<Harness onRemove={onRemove} />);
    expect(screen.getByRole('status')).toHaveTextContent('이미 등록된 카드와 같은 카드입니다.');
    await userEvent.click(screen.getByRole('button', { name: '둘 다 사용' }));
    expect(screen.getByText('닫힘')).toBeVisible();
    expect(onRemove).not.toHaveBeenCalled();
  });

  it('removes the card just registered, then goes away', async () => {
    const onRemove = vi.fn().mockResolvedValue({});
    render(<Harness onRemove={onRemove} />);
    await userEvent.click(screen.getByRole('button', { name: '방금 등록한 카드 삭제' }));
    expect(onRemove).toHaveBeenCalledWith('c2');
    expect(await screen.findByText('닫힘')).toBeVisible();
  });
});

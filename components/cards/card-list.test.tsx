import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cardSummary } from '@/test/fixtures/cards';
import { CardList } from './card-list';

const push = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));

const card = cardSummary;

describe('CardList', () => {
  it("marks a subscription's card, and explains instead of deleting it", async () => {
    const onRemove = vi.fn();
    render(
      <CardList
        cards={[card('c1', { isDefault: true, subscriptionPlan: '월간 원두 정기배송' })]}
        onChooseDefault={vi.fn()}
        onRemove={onRemove}
      />,
    );
    const item = screen.getByRole('listitem');
    expect(within(item).getByText('정기구독 결제 카드')).toBeVisible();
    expect(item).toHaveTextContent('‘월간 원두 정기배송’ 정기구독이 이 카드로 결제됩니다.');
    await userEvent.click(within(item).getByRole('button', { name: '삭제' }));
    const dialog = await screen.findByRole('alertdialog', { name: '정기구독 결제 카드는 삭제할 수 없습니다' });
    expect(dialog).toHaveTextContent('다음 정기결제를 할 수 없어');
    await userEvent.click(within(dialog).getByRole('button', { name: '정기구독 관리로 이동' }));
    expect(push).toHaveBeenCalledWith('/account/subscriptions');
    expect(onRemove).not.toHaveBeenCalled();
  });

  it('says which card repeats an older one, and lets it be deleted', async () => {
    const onRemove = vi.fn().mockResolvedValue({});
    render(
      <CardList
        cards={[card('c1', { isDefault: true }), card('c2', { duplicateOf: 'c1' })]}
        onChooseDefault={vi.fn()}
        onRemove={onRemove}
      />,
    );
    const [first, second] = screen.getAllByRole('listitem');
    expect(first).not.toHaveTextContent('카드사·번호가 같습니다');
    expect(second).toHaveTextContent('이미 등록된 카드와 카드사·번호가 같습니다');
    await userEvent.click(within(second as HTMLElement).getByRole('button', { name: '삭제' }));
    const dialog = await screen.findByRole('alertdialog', { name: '이 카드를 삭제할까요?' });
    await userEvent.click(within(dialog).getByRole('button', { name: '삭제하기' }));
    expect(onRemove).toHaveBeenCalledWith('c2');
  });

  it("lists a wallet by its name and mark, never a card number, in a payment means' words", async () => {
    const onRemove = vi.fn().mockResolvedValue({});
    render(
      <CardList
        cards={[
          card('c1', { isDefault: true }),
          card('w1', { method: 'kakaopay', cardName: '카카오페이 머니', numberMasked: null, registeredVia: 'window' }),
        ]}
        onChooseDefault={vi.fn()}
        onRemove={onRemove}
      />,
    );
    const wallet = screen.getByRole('listitem', { name: '카카오페이' });
    expect(wallet).toHaveTextContent('카카오페이간편결제');
    expect(wallet).not.toHaveTextContent('*');
    expect(wallet.querySelector('[data-method="kakaopay"]')).not.toBeNull();
    expect(within(wallet).getByRole('button', { name: '기본 결제수단으로 지정' })).toBeVisible();
    await userEvent.click(within(wallet).getByRole('button', { name: '삭제' }));
    const dialog = await screen.findByRole('alertdialog', { name: '카카오페이를 삭제할까요?' });
    expect(dialog).toHaveTextContent('결제 정보(빌링키)도 지워집니다');
    await userEvent.click(within(dialog).getByRole('button', { name: '삭제하기' }));
    expect(onRemove).toHaveBeenCalledWith('w1');
  });

  it("a subscription's wallet is not removed: the dialog says so in a payment means' words", async () => {
    render(
      <CardList
        cards={[card('w1', { method: 'naverpay', numberMasked: null, isDefault: true, subscriptionPlan: '데모 플랜' })]}
        onChooseDefault={vi.fn()}
        onRemove={vi.fn()}
      />,
    );
    const item = screen.getByRole('listitem', { name: '네이버페이' });
    expect(within(item).getByText('기본 결제수단')).toBeVisible();
    expect(within(item).getByText('정기구독 결제수단')).toBeVisible();
    expect(item).toHaveTextContent('‘데모 플랜’ 정기구독이 이 결제수단으로 결제됩니다.');
    await userEvent.click(within(item).getByRole('button', { name: '삭제' }));
    expect(
      await screen.findByRole('alertdialog', { name: '정기구독 결제수단은 삭제할 수 없습니다' }),
    ).toHaveTextContent('네이버페이로 ‘데모 플랜’ 정기구독이 결제됩니다.');
  });
});

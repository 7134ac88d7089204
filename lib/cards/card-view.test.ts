import { describe, expect, it } from 'vitest';
import { cardSummary } from '@/test/fixtures/cards';
import { cardOptionLabel, meansName, meansTerm } from './card-view';

describe('how a card or a wallet is named', () => {
  it('a card by issuer and last 4 digits, a wallet by its name alone', () => {
    expect(cardOptionLabel(cardSummary('c1', { isDefault: true }))).toMatchObject({
      value: 'c1',
      label: '신한카드 (4242) · 기본 카드',
    });
    const wallet = cardSummary('w1', { method: 'tosspay', cardName: '토스페이 머니', numberMasked: null });
    expect(cardOptionLabel(wallet)).toMatchObject({ value: 'w1', label: '토스페이', detail: '2026년 11월 1일 등록' });
    expect(cardOptionLabel({ ...wallet, isDefault: true }).label).toBe('토스페이 · 기본 결제수단');
    expect(meansName(wallet)).toBe('토스페이');
    expect(meansName(cardSummary('c1'))).toBe('신한카드 4242-42**-****-4242');
    expect([meansTerm('card'), meansTerm('kakaopay')]).toEqual(['결제 카드', '결제수단']);
  });
});

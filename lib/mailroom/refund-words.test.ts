import { describe, expect, it } from 'vitest';
import { renderMail } from './templates';

// The refund and receipt mails say where the money goes and what was charged in the terms of how it
// was paid: a wallet, a transfer or a phone bill is no card.
const textOf = (kind: 'refund' | 'receipt', payload: Record<string, unknown>) =>
  renderMail(kind, payload as never, '홍길동').text;

describe('refund mail: where the money goes back', () => {
  const refund = (extra: Record<string, unknown>) => textOf('refund', { title: '머그컵', amount: 18900, ...extra });

  it('a card: cancelled at the card company', () => {
    expect(refund({ method: 'card' })).toContain('카드사에 따라 승인 취소');
  });

  it('a wallet: back through the wallet, no card company named', () => {
    const text = refund({ method: 'kakaopay' });
    expect(text).toContain('카카오페이 결제가 취소되어');
    expect(text).not.toContain('카드사');
  });

  it('a transfer: back to the account it came from; a 가상계좌: to the refund account', () => {
    expect(refund({ method: 'trans' })).toContain('결제하신 계좌로 돌려드립니다');
    expect(refund({ method: 'vbank', toAccount: 1 })).toContain('등록하신 환불 계좌로 입금됩니다');
  });

  it('a phone payment: off the phone bill', () => {
    expect(refund({ method: 'phone' })).toContain('통신 요금에 청구되지 않습니다');
  });

  it('a mail queued before the method was kept still reads as before', () => {
    expect(refund({ toAccount: 1 })).toContain('환불 계좌');
    expect(refund({ toAccount: 0 })).toContain('카드사에 따라');
  });
});

describe('receipt mail: what was charged', () => {
  const receipt = (card: string) => textOf('receipt', { amount: 9900, paidAt: 1_767_000_000, card });

  it('a wallet is a 결제 수단, a card a 결제 카드', () => {
    expect(receipt('네이버페이')).toContain('결제 수단: 네이버페이');
    expect(receipt('신한카드 4242-42**-****-4242')).toContain('결제 카드: 신한카드 4242-42**-****-4242');
  });
});

import { describe, expect, it } from 'vitest';
import { describeFailure, failureWords } from './failure-words';

describe('describeFailure', () => {
  // The emulator's test cards and the real service's texts, by kind.
  it.each([
    ['[F112] 카드사에서 승인을 거절하였습니다.', 'refused', '카드사에서 승인을 거절했습니다'],
    ['정지된 카드', 'refused', '카드사에서 승인을 거절했습니다'],
    ['카드정보 인증 및 빌키 발급에 실패하였습니다. [F112] 카드사에서 승인을 거절하였습니다.', 'refused', '승인을 거절'],
    ['[F113] 유효기간이 만료된 카드입니다.', 'expired', '유효기간이 지난 카드입니다'],
    ['잔액부족', 'insufficient', '카드 잔액이 부족합니다'],
    ['한도초과', 'limit', '카드 한도를 초과했습니다'],
    ['카드사와 통신할 수 없습니다. 잠시 후 다시 시도해 주세요.', 'unavailable', '카드사와 연결되지 않아'],
    ['[F112]유효하지않은 카드번호를 입력하셨습니다.', 'invalid_number', '카드 번호가 올바르지 않습니다'],
    ['[9999] unknown', 'other', '결제가 승인되지 않았습니다'],
    ['거래불가카드', 'refused', '승인을 거절'],
    ['사용자가 결제를 취소하셨습니다', 'cancelled', '결제를 취소했습니다.'],
    // The other methods' failures share the card's words ("잔액 부족", "점검", "한도", "만료") and are not a card's.
    ['간편결제 승인 거절 (잔액 부족)', 'wallet_insufficient', '간편결제 잔액이 부족합니다'],
    ['간편결제 승인 거절', 'wallet_refused', '간편결제사에서 승인하지 않았습니다'],
    ['은행 점검 시간입니다', 'bank_unavailable', '은행 점검 시간이라 이체하지 못했습니다'],
    ['휴대폰 결제 월 한도 초과', 'phone_limit', '휴대폰 결제 월 한도를 넘었습니다'],
    ['가상계좌 입금기한 만료', 'vbank_expired', '입금 기한이 지나 주문이 취소되었습니다'],
  ])('%s → %s', (raw, kind, words) => {
    const failure = describeFailure(raw);
    expect(failure.kind).toBe(kind);
    expect(failure.words).toContain(words);
    expect(failure.words).not.toContain(raw);
  });

  it('speaks of the card registration when one was being registered', () => {
    expect(describeFailure('사용자가 결제를 취소하셨습니다', 'registration').words).toBe('카드 등록을 취소했습니다.');
    expect(describeFailure('카드정보 인증 및 빌키 발급에 실패하였습니다.', 'registration')).toEqual({
      kind: 'other',
      words: '카드를 등록하지 못했습니다. 카드 정보를 확인하거나 다른 카드를 이용해 주세요.',
    });
  });

  it("keeps the shop's own sentences, which are already the customer's words", () => {
    for (const own of [
      '바뀐 가격에 동의하지 않아 결제하지 않았습니다.',
      '결제가 이루어지지 않았습니다. 다시 시도해 주세요.',
      '기간이 지난 결제라 하지 않았습니다.',
    ]) {
      expect(describeFailure(own)).toEqual({ kind: 'own', words: own });
    }
    // The service's own style is not ours, even as a whole sentence.
    expect(describeFailure('카드정보 인증 및 빌키 발급에 실패하였습니다.').kind).toBe('other');
  });

  it('never shows a code or raw fragment', () => {
    for (const raw of ['[F112] 카드사에서 승인을 거절하였습니다.', '[PG] timeout', 'F999']) {
      expect(describeFailure(raw).words).not.toMatch(/\[|F\d/);
    }
  });

  it('leaves an absent reason absent', () => {
    expect(failureWords(null)).toBeNull();
    expect(failureWords('')).toBeNull();
    expect(failureWords('잔액부족')).toContain('잔액이 부족');
  });
});

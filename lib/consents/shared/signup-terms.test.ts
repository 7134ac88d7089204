import { describe, expect, it } from 'vitest';
import { listPlans } from '@/lib/subscriptions/plans';
import { signupTerm } from './signup-terms';

// The terms promise what cancelling now does, and 회원탈퇴 cancels now (issue 32: 제5조 promised a
// pro-rata refund that a goods plan — its period's box already shipped — never gives).
const article = (number: number) =>
  signupTerm('terms').body.find((paragraph) => paragraph.startsWith(`제${number}조`)) ?? '';

describe('the terms on ending a subscription now', () => {
  const kinds = new Set(listPlans().map((plan) => plan.kind));

  it.each([5, 11])('제%i조 states the rule of each kind of plan on offer', (number) => {
    const text = article(number);
    if (kinds.has('service')) expect(text).toMatch(/이용 기간에 따라 요금이 정해지는 구독은[^.]*일할/);
    if (kinds.has('goods'))
      expect(text).toMatch(
        /상품을 배송하는 구독은 이미 결제된 회차의 상자를 (발송 전이어도 )?그대로 보내 드리(며|고) 그 금액[은을] 환불(되|하)지 않/,
      );
    expect(text).not.toMatch(/정기구독은 즉시 해지되어 남은 기간의 금액이 환불/);
  });

  it('제5조 keeps the orders paid before 회원탈퇴: delivered, and 청약철회 through 고객센터', () => {
    expect(article(5)).toContain('탈퇴 전에 결제한 주문은 탈퇴 후에도 배송되며');
    expect(article(5)).toContain('청약철회는 고객센터에서 받습니다');
  });
});

// Issue 33: a price rise and a trial's conversion need a consent asked inside the 30 days before, and
// silence ends the subscription — the terms must not say that not cancelling is agreeing.
describe('the terms on price rises and free trials', () => {
  it('제8조 asks consent inside the 30 days before, and without it nothing is charged', () => {
    const text = article(8);
    expect(text).toContain('바뀐 요금이 처음 결제되기 전 30일 안에 따로 동의를 받으며');
    expect(text).toContain(
      '유료 전환 동의를 따로 받으며, 동의한 경우에만 체험이 끝날 때 결제되고 동의하지 않으면 결제 없이 종료됩니다',
    );
    expect(text).not.toMatch(/해지하지 않으면[^.]*(동의|결제)/);
  });
});

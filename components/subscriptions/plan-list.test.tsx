import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Plan, SubscriptionOffer } from '@/lib/subscriptions/subscription-view';
import { PlanList } from './plan-list';

const plans: Plan[] = [
  {
    id: 'monthly-beans',
    name: '월간 원두 정기배송',
    description: '',
    price: 19_900,
    periodLabel: '1개월',
    kind: 'goods',
  },
  { id: 'hourly-demo', name: '데모 플랜', description: '', price: 1_000, periodLabel: '1시간', kind: 'service' },
];
const SAVED = {
  recipient: '김구독',
  phone: '010-1234-5678',
  postcode: '04524',
  address: '서울특별시 중구 세종대로 110',
  addressDetail: '3층',
};
const planItem = (name: string) => screen.getByRole('listitem', { name });

const offerOf = (planId: string): SubscriptionOffer => ({
  planId,
  planName: planId === 'hourly-demo' ? '데모 플랜' : '월간 원두 정기배송',
  amount: 19_900,
  cycleLabel: '1개월',
  cardId: '00000000-0000-4000-8000-000000000000',
  cardLabel: '신한카드 4242',
  nextChargeAt: 1_771_124_400,
  version: 'v1',
  text: [
    '결제 금액: 19,900원',
    '다음 결제일: 2026년 2월 15일 오후 12:00',
    '결제 카드: 신한카드 4242',
    '정기결제(자동결제)에 동의합니다',
  ],
  textSha256: 'hash',
  consentToken: `token-${planId}`,
});

beforeEach(() => localStorage.clear());

/** Opens the terms of a plan and agrees to them. */
async function agreeTo(name: string) {
  await userEvent.click(within(planItem(name)).getByRole('button', { name: '구독하기' }));
  const box = await within(planItem(name)).findByRole('checkbox', { name: '정기결제(자동결제)에 동의합니다' });
  await userEvent.click(box);
  await userEvent.click(within(planItem(name)).getByRole('button', { name: '동의하고 구독하기' }));
}

/** The plans for a customer with a card and no saved address, none subscribed yet. */
const renderWithCard = (onSubscribe: ComponentProps<typeof PlanList>['onSubscribe']) =>
  render(
    <PlanList
      plans={plans}
      subscribedPlanIds={[]}
      defaultCardLabel="신한카드 4242"
      onOffer={async (planId) => offerOf(planId)}
      onSubscribe={onSubscribe}
    />,
  );

describe('PlanList', () => {
  it('shows the terms with an unchecked box; the button waits for it; consent goes with the request', async () => {
    const onSubscribe = vi.fn().mockResolvedValue({ status: 'active' });
    const onOffer = vi.fn(async (planId: string) => offerOf(planId));
    render(
      <PlanList
        plans={plans}
        subscribedPlanIds={[]}
        defaultCardLabel="신한카드 4242"
        defaultAddress={SAVED}
        onOffer={onOffer}
        onSubscribe={onSubscribe}
      />,
    );
    await userEvent.click(within(planItem('월간 원두 정기배송')).getByRole('button', { name: '구독하기' }));
    // Goods: the saved default address (the order sheet's) is filled in.
    expect(within(planItem('월간 원두 정기배송')).getByLabelText('받는 분')).toHaveValue('김구독');
    const item = planItem('월간 원두 정기배송');
    const box = await within(item).findByRole('checkbox', { name: '정기결제(자동결제)에 동의합니다' });
    expect(box).not.toBeChecked();
    expect(item).toHaveTextContent('다음 결제일: 2026년 2월 15일');
    expect(item).toHaveTextContent('결제 카드: 신한카드 4242');
    expect(within(item).getByRole('link', { name: '해지 방법 자세히 보기' })).toHaveAttribute(
      'href',
      '/account/subscriptions#cancel-help',
    );
    const confirm = within(item).getByRole('button', { name: '동의하고 구독하기' });
    expect(confirm).toBeDisabled();
    await userEvent.click(confirm);
    expect(onSubscribe).not.toHaveBeenCalled();
    await userEvent.click(box);
    await userEvent.click(confirm);
    expect(onSubscribe).toHaveBeenCalledWith(
      'monthly-beans',
      expect.stringMatching(/^[\w-]{16,}$/),
      'token-monthly-beans',
      { ...SAVED, note: '' },
    );
    expect(await within(planItem('월간 원두 정기배송')).findByRole('status')).toHaveTextContent(
      '구독이 시작되었습니다',
    );
  });

  it('goods without an address: the fields say what is missing and nothing is sent until they are filled', async () => {
    const onSubscribe = vi.fn().mockResolvedValue({ status: 'active' });
    renderWithCard(onSubscribe);
    await agreeTo('월간 원두 정기배송');
    const item = planItem('월간 원두 정기배송');
    expect(onSubscribe).not.toHaveBeenCalled();
    expect(item).toHaveTextContent('받는 분을 입력해 주세요.');
    expect(item).toHaveTextContent('우편번호 5자리를 입력해 주세요.');
    await userEvent.type(within(item).getByLabelText('받는 분'), '박받음');
    await userEvent.type(within(item).getByLabelText('휴대폰 번호'), '010-9876-5432');
    await userEvent.type(within(item).getByLabelText('우편번호'), '06236');
    await userEvent.type(within(item).getByLabelText('주소'), '서울특별시 강남구 테헤란로 152');
    await userEvent.click(within(item).getByRole('button', { name: '동의하고 구독하기' }));
    expect(onSubscribe).toHaveBeenCalledWith('monthly-beans', expect.any(String), 'token-monthly-beans', {
      recipient: '박받음',
      phone: '010-9876-5432',
      postcode: '06236',
      address: '서울특별시 강남구 테헤란로 152',
      addressDetail: '',
      note: '',
    });
  });

  it('a failed first charge says why; the next try is a new attempt', async () => {
    const onSubscribe = vi.fn().mockResolvedValue({ status: 'failed', reason: '잔액부족' });
    renderWithCard(onSubscribe);
    await agreeTo('데모 플랜');
    expect(await screen.findByRole('alert')).toHaveTextContent('첫 결제가 실패해 구독이 시작되지 않았습니다. 잔액부족');
    await agreeTo('데모 플랜');
    const [first, second] = onSubscribe.mock.calls.map((call) => call[1]);
    expect(second).not.toBe(first);
  });

  it('a plan already subscribed, or no card, cannot be subscribed', () => {
    render(
      <PlanList
        plans={plans}
        subscribedPlanIds={['monthly-beans']}
        defaultCardLabel={null}
        onOffer={vi.fn()}
        onSubscribe={vi.fn()}
      />,
    );
    expect(within(planItem('월간 원두 정기배송')).getByRole('button', { name: '이용 중' })).toBeDisabled();
    expect(within(planItem('데모 플랜')).getByRole('button', { name: '구독하기' })).toBeDisabled();
    expect(screen.getByRole('link', { name: '카드를 등록' })).toHaveAttribute('href', '/account/cards');
  });
});

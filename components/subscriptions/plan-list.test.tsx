import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Plan } from '@/lib/shared/subscriptions';
import { PlanList } from './plan-list';

const plans: Plan[] = [
  { id: 'monthly-beans', name: '월간 원두 정기배송', description: '', price: 19_900, periodLabel: '1개월' },
  { id: 'hourly-demo', name: '데모 플랜', description: '', price: 1_000, periodLabel: '1시간' },
];
const planItem = (name: string) => screen.getByRole('listitem', { name });

beforeEach(() => localStorage.clear());

describe('PlanList', () => {
  it('subscribes with the plan id and an attempt key, and says it started', async () => {
    const onSubscribe = vi.fn().mockResolvedValue({ status: 'active' });
    render(
      <PlanList plans={plans} subscribedPlanIds={[]} defaultCardLabel="신한카드 4242" onSubscribe={onSubscribe} />,
    );
    await userEvent.click(within(planItem('월간 원두 정기배송')).getByRole('button', { name: '구독하기' }));
    expect(onSubscribe).toHaveBeenCalledWith('monthly-beans', expect.stringMatching(/^[\w-]{16,}$/));
    expect(await within(planItem('월간 원두 정기배송')).findByRole('status')).toHaveTextContent(
      '구독이 시작되었습니다',
    );
  });

  it('a failed first charge says why; the next try is a new attempt', async () => {
    const onSubscribe = vi.fn().mockResolvedValue({ status: 'failed', reason: '잔액부족' });
    render(
      <PlanList plans={plans} subscribedPlanIds={[]} defaultCardLabel="신한카드 4242" onSubscribe={onSubscribe} />,
    );
    const button = within(planItem('데모 플랜')).getByRole('button', { name: '구독하기' });
    await userEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('첫 결제가 실패해 구독이 시작되지 않았습니다. 잔액부족');
    await userEvent.click(button);
    const [first, second] = onSubscribe.mock.calls.map((call) => call[1]);
    expect(second).not.toBe(first);
  });

  it('a plan already subscribed, or no card, cannot be subscribed', () => {
    render(
      <PlanList plans={plans} subscribedPlanIds={['monthly-beans']} defaultCardLabel={null} onSubscribe={vi.fn()} />,
    );
    expect(within(planItem('월간 원두 정기배송')).getByRole('button', { name: '이용 중' })).toBeDisabled();
    expect(within(planItem('데모 플랜')).getByRole('button', { name: '구독하기' })).toBeDisabled();
    expect(screen.getByRole('link', { name: '카드를 등록' })).toHaveAttribute('href', '/account/cards');
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/browser/api';
import type { ShipmentSummary } from '@/lib/orders/shipments';
import type { SubscriptionSummary } from '@/lib/subscriptions/subscription-view';
import { cardSummary } from '@/test/fixtures/cards';
import { SUBSCRIBER_ADDRESS } from '@/test/fixtures/shipping';
import { findToast, renderWithToasts } from '@/test/toasts';
import { SubscriptionCard } from './subscription-card';

// The routes are tested for real in lib/subscriptions/*.db.test.ts and the page in
// e2e/app/subscriptions.spec.ts; here the actions are test doubles.
const card = (id: string, number: string, isDefault = false) =>
  cardSummary(id, { numberMasked: number, isDefault, registeredAt: '2026-01-01T00:00:00.000Z' });
const cards = [card('c1', '4242-42**-****-4242', true), card('c2', '5555-55**-****-4444')];
const HOME = SUBSCRIBER_ADDRESS;
const JAN_15 = Date.parse('2026-01-15T03:00:00Z') / 1000;
const FEB_15 = Date.parse('2026-02-15T03:00:00Z') / 1000;

const subscription = (overrides: Partial<SubscriptionSummary> = {}): SubscriptionSummary => ({
  id: 's1',
  planId: 'monthly-beans',
  planName: '월간 원두 정기배송',
  amount: 19_900,
  status: 'active',
  hasAccess: true,
  cancelAtPeriodEnd: false,
  currentPeriodStart: JAN_15,
  currentPeriodEnd: FEB_15,
  nextCharge: { at: FEB_15, amount: 19_900, kind: 'renewal', attempt: 0 },
  card: { id: 'c1', label: '신한카드 4242-42**-****-4242' },
  endReason: null,
  endedAt: null,
  charges: [
    {
      merchantUid: 'sub_1',
      kind: 'first',
      attempt: 0,
      status: 'paid',
      amount: 19_900,
      scheduleAt: null,
      settledAt: JAN_15,
      periodStart: JAN_15,
      periodEnd: FEB_15,
      failReason: null,
      receiptUrl: 'https://receipts.example/imp_1',
      refundedAmount: 0,
    },
  ],
  ...overrides,
});

/** A box of the subscription, as the page lists it. */
const box = (fulfilment: ShipmentSummary['fulfilment']): ShipmentSummary => ({
  number: 'S260115-738421-1',
  kind: 'period',
  sequence: 1,
  productName: '월간 원두 정기배송 1회차',
  periodStart: JAN_15,
  periodEnd: FEB_15,
  fulfilment,
  carrier: fulfilment === 'shipped' || fulfilment === 'delivered' ? 'CJ대한통운' : null,
  trackingNumber: fulfilment === 'shipped' || fulfilment === 'delivered' ? '123456789012' : null,
  shippedAt: null,
  deliveredAt: fulfilment === 'delivered' ? JAN_15 + 2 * 86_400 : null,
  shipping: HOME,
});

function renderCard(overrides: Partial<SubscriptionSummary> = {}) {
  const actions = {
    onCancel: vi.fn().mockResolvedValue({}),
    onDecideTrial: vi.fn().mockResolvedValue({}),
    onQuoteCancelNow: vi.fn().mockResolvedValue({
      subscriptionId: 's1',
      refund: 10_270,
      paid: 19_900,
      unit: 'day',
      unused: 16,
      total: 31,
      at: JAN_15 + 15.5 * 86_400,
    }),
    onCancelNow: vi.fn().mockResolvedValue(10_270),
    onResume: vi.fn().mockResolvedValue({}),
    onChangeCard: vi.fn().mockResolvedValue({}),
    onChangeShipping: vi.fn().mockResolvedValue({}),
  };
  renderWithToasts(<SubscriptionCard subscription={subscription(overrides)} cards={cards} {...actions} />);
  return actions;
}

describe('SubscriptionCard', () => {
  it('shows the period, the next charge with its amount, the card and the history', () => {
    renderCard();
    const article = screen.getByRole('article', { name: /월간 원두 정기배송/ });
    expect(article).toHaveTextContent('이용 중');
    expect(article).toHaveTextContent(/다음 결제2026년 2월 15일 \S+ 12:00 · 19,900원/);
    expect(article).toHaveTextContent('신한카드 4242-42**-****-4242');
    const rows = within(screen.getByRole('table', { name: '결제 이력' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('첫 결제');
    expect(rows[1]).toHaveTextContent('결제 완료');
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: '영수증 보기' })).toHaveAttribute(
      'href',
      'https://receipts.example/imp_1',
    );
  });

  it('cancels only after a confirmation', async () => {
    const { onCancel } = renderCard();
    await userEvent.click(screen.getByRole('button', { name: '구독 해지' }));
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('group', { name: '구독 해지' })).toHaveTextContent(
      '이용 기간 끝에 해지: 2026년 2월 15일까지',
    );
    await userEvent.click(screen.getByRole('button', { name: '기간 끝에 해지하기' }));
    expect(onCancel).toHaveBeenCalledWith('s1');
  });

  it('cancel now: the refund is shown before confirming, and what was refunded after', async () => {
    const { onCancelNow, onQuoteCancelNow } = renderCard();
    await userEvent.click(screen.getByRole('button', { name: '구독 해지' }));
    expect(onQuoteCancelNow).toHaveBeenCalledWith('s1');
    const quote = await within(screen.getByRole('group', { name: '구독 해지' })).findByRole('status');
    expect(quote).toHaveTextContent('10,270원을 환불합니다 (남은 16일 / 전체 31일');
    // Its ways side by side, alike (issue 33), and only the one pressed says it is on its way.
    const ways = ['기간 끝에 해지하기', '지금 해지하기', '계속 이용하기'].map((name) =>
      screen.getByRole('button', { name }),
    );
    expect(ways.map((button) => button.className)).toEqual(Array(3).fill('button button-choice'));
    expect(onCancelNow).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: '지금 해지하기' }));
    expect(onCancelNow).toHaveBeenCalledWith('s1');
    expect(await findToast(/지금 해지했습니다/)).toHaveTextContent('10,270원을 결제한 카드로 환불했습니다.');
  });

  it('a cancelled period offers to resume and says until when it lasts', async () => {
    const { onResume } = renderCard({ cancelAtPeriodEnd: true, nextCharge: null });
    expect(screen.getByRole('status')).toHaveTextContent('해지 예약됨: 2026년 2월 15일까지');
    expect(screen.getByRole('article')).toHaveTextContent('이용 중 · 해지 예정');
    await userEvent.click(screen.getByRole('button', { name: '해지 취소' }));
    expect(onResume).toHaveBeenCalledWith('s1');
  });

  it('pressing one way of cancelling says 처리 중… on that button only (issue 32.5)', async () => {
    const actions = renderCard();
    let finish: (value: unknown) => void = () => {};
    actions.onCancel.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    await userEvent.click(screen.getByRole('button', { name: '구독 해지' }));
    await within(screen.getByRole('group', { name: '구독 해지' })).findByRole('status');
    await userEvent.click(screen.getByRole('button', { name: '기간 끝에 해지하기' }));
    expect(screen.getByRole('button', { name: '처리 중…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '지금 해지하기' })).toBeDisabled();
    finish({});
    expect(await findToast(/구독 해지를 예약했습니다/)).toBeInTheDocument();
  });

  it('a trial: the ask with two equal answers, its terms, and no 0원 refund quote (issue 32.5)', async () => {
    const trialEnd = JAN_15 + 14 * 86_400;
    const actions = renderCard({
      planId: 'tasting-club',
      planName: '원두 테이스팅 클럽',
      amount: 24_900,
      cancelAtPeriodEnd: true,
      endReason: 'trial_not_converted',
      nextCharge: null,
      currentPeriodEnd: trialEnd,
      trialEndsAt: trialEnd,
      charges: [],
      trial: {
        endsAt: trialEnd,
        decision: null,
        decidedAt: null,
        asksFrom: trialEnd - 30 * 86_400,
        askOpen: true,
        text: ['첫 결제 일시: 2026년 1월 29일', '위 조건으로 유료 전환(정기결제)에 동의합니다'],
        textSha256: 'a'.repeat(64),
      },
    });
    const article = screen.getByRole('article', { name: /원두 테이스팅 클럽/ });
    expect(article).toHaveTextContent('무료 체험 · 종료 예정');
    expect(article).not.toHaveTextContent('해지하지 않으면');
    expect(screen.queryByRole('button', { name: '해지 취소' })).not.toBeInTheDocument();
    const ask = screen.getByRole('region', { name: '무료 체험 후 유료 전환' });
    expect(ask).toHaveTextContent('첫 결제 일시: 2026년 1월 29일');
    const answers = within(ask).getAllByRole('button');
    expect(answers.map((b) => [b.textContent, b.className])).toEqual([
      ['유료 전환에 동의', 'button button-choice'],
      ['체험만 하고 종료', 'button button-choice'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: '구독 해지' }));
    expect(actions.onQuoteCancelNow).not.toHaveBeenCalled();
    const panel = screen.getByRole('group', { name: '구독 해지' });
    expect(panel).toHaveTextContent('결제된 금액이 없어 어느 쪽이든 요금도 환불도 없습니다');
    expect(panel).not.toHaveTextContent('0원을 환불합니다');
    await userEvent.click(within(panel).getByRole('button', { name: '체험 끝에 종료' }));
    expect(actions.onDecideTrial).toHaveBeenCalledWith('s1', 'end', 'a'.repeat(64));
    await userEvent.click(within(ask).getByRole('button', { name: '유료 전환에 동의' }));
    expect(actions.onDecideTrial).toHaveBeenLastCalledWith('s1', 'convert', 'a'.repeat(64));
  });

  it('changes the card to another of the customer’s cards', async () => {
    const { onChangeCard } = renderCard();
    await userEvent.selectOptions(screen.getByLabelText('결제 카드 변경'), 'c2');
    expect(onChangeCard).toHaveBeenCalledWith('s1', 'c2');
  });

  it('in dunning: says the charge failed, access continues, and names the retry', () => {
    renderCard({ status: 'past_due', nextCharge: { at: FEB_15 + 86_400, amount: 19_900, kind: 'retry', attempt: 1 } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      '정기결제가 실패했습니다. 다음 재시도까지 서비스는 계속 이용할 수 있습니다.',
    );
    expect(screen.getByRole('article')).toHaveTextContent('(재시도 1회차)');
  });

  it("shows the server's refusal of an action", async () => {
    const actions = renderCard({ cancelAtPeriodEnd: true, nextCharge: null });
    actions.onResume.mockRejectedValue(new ApiError(409, 'not_resumable', '이미 끝난 구독은 다시 시작할 수 없습니다.'));
    await userEvent.click(screen.getByRole('button', { name: '해지 취소' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('이미 끝난 구독은 다시 시작할 수 없습니다.');
  });

  it('goods: cancel now says, before confirming, that the paid period is not refunded and its unsent box still ships', async () => {
    const actions = renderCard({ planKind: 'goods', shipping: HOME, shipments: [box('ordered')] });
    actions.onQuoteCancelNow.mockResolvedValue({
      subscriptionId: 's1',
      refund: 0,
      paid: 19_900,
      unit: 'day',
      unused: 16,
      total: 31,
      at: JAN_15 + 15.5 * 86_400,
      shipped: true,
      box: { number: 'S260115-738421-1', kind: 'period', fulfilment: 'ordered' },
    });
    actions.onCancelNow.mockResolvedValue(0);
    await userEvent.click(screen.getByRole('button', { name: '구독 해지' }));
    const quote = await within(screen.getByRole('group', { name: '구독 해지' })).findByRole('status');
    expect(quote).toHaveTextContent(
      '환불 0원: 이번 회차 상자는 결제된 회차라 환불되지 않으며, 아직 발송 전이어도 해지와 상관없이 그대로 보내 드립니다.',
    );
    expect(quote).not.toHaveTextContent('남은 16일');
    await userEvent.click(screen.getByRole('button', { name: '지금 해지하기' }));
    expect(await findToast(/지금 해지했습니다/)).toHaveTextContent(
      '아직 발송 전이어도 해지와 상관없이 그대로 보내 드립니다',
    );
  });

  it('goods: a box already on its way is said to be shipped and not refunded', async () => {
    const actions = renderCard({ planKind: 'goods', shipping: HOME, shipments: [box('shipped')] });
    actions.onQuoteCancelNow.mockResolvedValue({
      subscriptionId: 's1',
      refund: 0,
      paid: 19_900,
      unit: 'day',
      unused: 16,
      total: 31,
      at: JAN_15,
      shipped: true,
      box: { number: 'S260115-738421-1', kind: 'period', fulfilment: 'shipped' },
    });
    await userEvent.click(screen.getByRole('button', { name: '구독 해지' }));
    const quote = await within(screen.getByRole('group', { name: '구독 해지' })).findByRole('status');
    expect(quote).toHaveTextContent('환불 0원: 이번 회차 상자는 이미 발송되어 환불되지 않습니다.');
  });

  it('goods: the number to quote and each box with where it stands, its carrier and tracking number', () => {
    renderCard({
      planKind: 'goods',
      shipping: HOME,
      number: 'S260115-738421',
      shipments: [
        { ...box('shipped'), number: 'S260115-738421-2', sequence: 2, productName: '원두 테이스팅 클럽 2회차' },
        { ...box('delivered'), kind: 'trial', productName: '원두 테이스팅 클럽 체험 상자' },
      ],
    });
    expect(screen.getByRole('article')).toHaveTextContent('구독번호S260115-738421');
    const boxes = screen.getAllByRole('listitem', { name: /원두 테이스팅 클럽/ });
    expect(boxes.map((item) => item.textContent)).toEqual([
      '원두 테이스팅 클럽 2회차 · 배송 중 · CJ대한통운 운송장 123456789012 · 배송조회 (CJ대한통운, 새 창)상자 번호 S260115-738421-2',
      expect.stringMatching(
        /^원두 테이스팅 클럽 체험 상자 \(무료 체험, 0원\) · 배송 완료 · CJ대한통운 운송장 123456789012 · 배송조회 \(CJ대한통운, 새 창\) · 2026년 1월 17일 도착상자 번호 S260115-738421-1$/,
      ),
    ]);
    // 배송조회 opens the carrier's tracking page for the box's number.
    const track = within(boxes[0] as HTMLElement).getByRole('link', { name: /배송조회/ });
    expect(track.getAttribute('href')).toContain('123456789012');
  });

  it('goods: shows the delivery address and changes it after checking it here first', async () => {
    const { onChangeShipping } = renderCard({ planKind: 'goods', shipping: HOME });
    expect(screen.getByRole('region', { name: '배송지' })).toHaveTextContent('김구독 · 010-1234-5678');
    await userEvent.click(screen.getByRole('button', { name: '배송지 변경' }));
    const form = screen.getByRole('form', { name: '배송지 변경' });
    const phone = within(form).getByLabelText('휴대폰 번호');
    await userEvent.clear(phone);
    await userEvent.type(phone, '1234');
    await userEvent.click(within(form).getByRole('button', { name: '배송지 저장' }));
    expect(onChangeShipping).not.toHaveBeenCalled();
    expect(form).toHaveTextContent('휴대폰 번호를 010-1234-5678 형식으로 입력해 주세요.');
    expect(within(form).getByLabelText('받는 분')).toHaveAttribute('maxLength', '20');
    await userEvent.clear(phone);
    await userEvent.type(phone, '010-5555-6666');
    await userEvent.click(within(form).getByRole('button', { name: '배송지 저장' }));
    expect(onChangeShipping).toHaveBeenCalledWith('s1', { ...HOME, phone: '010-5555-6666' });
    expect(await findToast(/배송지를 바꿨습니다/)).toBeInTheDocument();
  });

  it('an ended subscription offers no actions', () => {
    renderCard({ status: 'cancelled', hasAccess: false, endReason: 'payment_failed', nextCharge: null });
    expect(screen.getByRole('status')).toHaveTextContent(
      '구독이 정기결제가 재시도 끝에도 승인되지 않아 종료되었습니다.',
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  describe('set to end for a higher price: says the customer did not agree only once they said no', () => {
    const stopped = { cancelAtPeriodEnd: true, endReason: 'price_declined' as const, nextCharge: null };
    const JAN_17 = Date.parse('2026-01-16T15:00:00Z') / 1000;

    it('not asked yet: when it will be asked, no "동의하지 않으셔서"', () => {
      renderCard({ ...stopped, priceAsk: { status: 'requested', askOpen: false, asksFrom: JAN_17 } });
      const alert = screen.getByRole('status');
      expect(alert).not.toHaveTextContent('동의하지 않으셔서');
      expect(alert).toHaveTextContent('가격 변경 동의 전이라 종료 예정: 2026년 2월 15일까지 이용할 수 있고');
      expect(alert).toHaveTextContent('동의는 2026년 1월 17일부터 여쭙니다.');
    });

    it('asked, not answered: a yes keeps it going', () => {
      renderCard({ ...stopped, priceAsk: { status: 'requested', askOpen: true, asksFrom: JAN_15 } });
      const alert = screen.getByRole('status');
      expect(alert).not.toHaveTextContent('동의하지 않으셔서');
      expect(alert).toHaveTextContent('가격 변경 동의 전이라 종료 예정');
      expect(alert).toHaveTextContent('바뀐 가격에 동의하시면 구독이 이어집니다.');
    });

    it('said no: says so', () => {
      renderCard({ ...stopped, priceAsk: { status: 'declined', askOpen: true, asksFrom: JAN_15 } });
      expect(screen.getByRole('status')).toHaveTextContent(
        '바뀐 가격에 동의하지 않으셔서 종료 예정: 2026년 2월 15일까지 이용할 수 있고, 이후 결제되지 않습니다.',
      );
    });
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  baseRoutes,
  CARD_OPTION,
  card,
  checkout,
  order,
  product,
  renderPanel,
  requests,
  serve,
  sheet,
} from '@/test/fixtures/purchase-panel';
import { installImpDouble } from '@/test/imp-double';
import { findToast } from '@/test/toasts';

// The routes are tested for real in test/routes/checkout and the whole page in e2e/app/orders.spec.ts
// (each method: e2e/app/pay-methods.spec.ts); here fetch and window.IMP are test doubles.
/** The confirmation's code loads on its first opening (components/ui/lazy-confirm-dialog): slow on a busy machine. */
const findConfirmation = () => screen.findByRole('alertdialog', { name: '주문 확인' }, { timeout: 5_000 });
const buyButton = () => screen.getByRole('button', { name: '바로 구매' });
/** 바로 구매 opens the confirmation; the charge starts only from its button. */
async function buyAndConfirm() {
  await userEvent.click(buyButton());
  const dialog = await findConfirmation();
  expect(dialog).toHaveTextContent('주문 내용을 확인했으며 결제에 동의합니다.');
  await userEvent.click(within(dialog).getByRole('button', { name: '동의하고 결제하기' }));
}
/** 결제 수단 신용·체크카드 (a first purchase has none chosen), then its window. */
async function payByCardInWindow() {
  await userEvent.click(screen.getByRole('radio', { name: '신용·체크카드' }));
  await userEvent.click(screen.getByRole('button', { name: '신용·체크카드로 결제하기' }));
}
const buyRequests = () => requests.filter((r) => r.path === '/api/orders/buy-now');

beforeEach(() => {
  requests.length = 0;
  localStorage.clear();
  installImpDouble({});
});
afterEach(() => vi.unstubAllGlobals());

describe('PurchasePanel — 바로 구매', () => {
  it('names the card it will charge and sends only the product and an attempt key — never a price', async () => {
    serve({
      ...baseRoutes(),
      'POST /api/orders/buy-now': () =>
        Response.json(
          { order: order('paid', { receiptUrl: 'http://127.0.0.1:4010/receipts/imp_1' }) },
          { status: 201 },
        ),
    });
    renderPanel();
    expect(await screen.findByRole('option', { name: CARD_OPTION })).toBeInTheDocument();
    await userEvent.click(buyButton());
    const dialog = await findConfirmation();
    // The confirmation names the card and the total (15,900원 + 3,000원 shipping) before anything is sent.
    expect(dialog).toHaveTextContent('신한카드 (4242)');
    expect(dialog).toHaveTextContent('18,900원');
    expect(buyRequests()).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: '동의하고 결제하기' }));
    const success = await screen.findByText('결제가 완료되었습니다.');
    expect(
      within(success.closest('[role=status]') as HTMLElement).getByRole('link', { name: '영수증 보기' }),
    ).toHaveAttribute('href', 'http://127.0.0.1:4010/receipts/imp_1');
    expect(await findToast(`${product.name} 주문을 마쳤습니다.`)).toBeVisible();
    expect(buyRequests().map((r) => r.body)).toEqual([
      { productId: product.id, idempotencyKey: expect.any(String), ...sheet, cardId: card.id },
    ]);
    // Paid is final: the button is not armed again in place; a new purchase is deliberate, with a new key.
    expect(screen.queryByRole('button', { name: '바로 구매' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '새로 구매하기' }));
    await buyAndConfirm();
    await vi.waitFor(() => expect(buyRequests()).toHaveLength(2));
    const [first, second] = buyRequests().map((r) => (r.body as { idempotencyKey: string }).idempotencyKey);
    expect(second).not.toBe(first);
  });

  it('a pending answer keeps the key, so buying again asks about the same order instead of charging anew', async () => {
    serve({
      ...baseRoutes(),
      'POST /api/orders/buy-now': () => Response.json({ order: order('pending') }, { status: 201 }),
    });
    renderPanel();
    await screen.findByRole('option', { name: CARD_OPTION });
    await buyAndConfirm();
    expect(await screen.findByText(/결제 결과를 확인하고 있습니다/)).toBeInTheDocument();
    await buyAndConfirm();
    await vi.waitFor(() => expect(buyRequests()).toHaveLength(2));
    const [first, second] = buyRequests().map((r) => (r.body as { idempotencyKey: string }).idempotencyKey);
    expect(second).toBe(first);
  });

  it("shows the issuer's reason when the charge is declined", async () => {
    serve({
      ...baseRoutes(),
      'POST /api/orders/buy-now': () =>
        Response.json({ order: order('failed', { failReason: '잔액부족' }) }, { status: 201 }),
    });
    renderPanel();
    await screen.findByRole('option', { name: CARD_OPTION });
    await buyAndConfirm();
    expect(await screen.findByRole('alert')).toHaveTextContent('결제가 실패했습니다. 잔액부족');
  });

  it('without a saved card: says so, links to card registration, and cannot buy', async () => {
    serve(baseRoutes([]));
    renderPanel();
    expect(await screen.findByRole('link', { name: '카드를 등록' })).toHaveAttribute('href', '/account/cards');
    expect(buyButton()).toBeDisabled();
  });

  it("shows the server's refusal", async () => {
    serve({
      ...baseRoutes(),
      'POST /api/orders/buy-now': () =>
        Response.json({ error: { code: 'no_card', message: '등록된 카드가 없습니다.' } }, { status: 409 }),
    });
    renderPanel();
    await screen.findByRole('option', { name: CARD_OPTION });
    await buyAndConfirm();
    expect(await screen.findByRole('alert')).toHaveTextContent('등록된 카드가 없습니다.');
  });
});

describe('PurchasePanel — 결제창 (신용·체크카드)', () => {
  it("opens the window for the server's order and amount, then hands only imp_uid to the server", async () => {
    const imp = installImpDouble({ pay: { success: true, imp_uid: 'imp_123', merchant_uid: checkout.merchantUid } });
    serve({
      ...baseRoutes(),
      'POST /api/checkout': () => Response.json({ checkout }),
      'POST /api/checkout/verify': () => Response.json({ order: order('paid', { method: 'window' }) }),
    });
    renderPanel();
    await payByCardInWindow();
    expect(await screen.findByText('결제가 완료되었습니다.')).toBeInTheDocument();
    expect(imp.request_pay).toHaveBeenCalledWith(
      expect.objectContaining({ merchant_uid: 'ord_window', amount: 15_900, pay_method: 'card', popup: false }),
      expect.any(Function),
    );
    expect(requests.find((r) => r.path === '/api/checkout')?.body).toEqual({
      productId: product.id,
      idempotencyKey: expect.any(String),
      ...sheet,
      payMethod: 'card',
    });
    expect(requests.find((r) => r.path === '/api/checkout/verify')?.body).toEqual({
      merchant_uid: 'ord_window',
      imp_uid: 'imp_123',
    });
  });

  it('a cancelled window sends nothing to verify and says it was cancelled', async () => {
    installImpDouble({ pay: { success: false, imp_uid: null, error_msg: '사용자가 결제를 취소하셨습니다' } });
    serve({ ...baseRoutes(), 'POST /api/checkout': () => Response.json({ checkout }) });
    renderPanel();
    await payByCardInWindow();
    expect(await screen.findByRole('alert')).toHaveTextContent('결제를 취소했습니다.');
    expect(requests.some((r) => r.path === '/api/checkout/verify')).toBe(false);
  });

  // The cancelled window's order stays open at the server (the same order opens again next time):
  // the page that saw the cancel says so rather than "진행 중인 주문이 있습니다".
  const openWindowAttempt = {
    order: order('pending', { merchantUid: 'ord_window', method: 'window' }),
    windowOpen: true,
  };

  it('a cancelled window says it was cancelled even though its order is still open at the server', async () => {
    installImpDouble({ pay: { success: false, imp_uid: null, error_msg: '사용자가 결제를 취소하셨습니다' } });
    serve({
      ...baseRoutes(),
      'POST /api/checkout': () => Response.json({ checkout }),
      'GET /api/orders/attempts': () => Response.json({ attempts: [openWindowAttempt] }),
    });
    renderPanel();
    await payByCardInWindow();
    expect(await screen.findByRole('alert')).toHaveTextContent('결제를 취소했습니다.');
    // The open order was asked about after the cancel and polled again (SWR polls only once it holds
    // the open attempt, so the page has rendered it), and still does not hide the message.
    await vi.waitFor(
      () => expect(requests.filter((r) => r.path.startsWith('/api/orders/attempts')).length).toBeGreaterThan(1),
      { timeout: 10_000 },
    );
    expect(screen.getByRole('alert')).toHaveTextContent('결제를 취소했습니다.');
    expect(screen.queryByText(/결제창에서 진행 중인 주문이 있습니다/)).not.toBeInTheDocument();
  });

  it('after a reload, an order whose window is still open shows its notice', async () => {
    localStorage.setItem(`imp-checkout:attempt:checkout:${product.id}`, 'key-1');
    serve({ ...baseRoutes(), 'GET /api/orders/attempts': () => Response.json({ attempts: [openWindowAttempt] }) });
    renderPanel();
    expect(await screen.findByText(/결제창에서 진행 중인 주문이 있습니다/)).toBeInTheDocument();
    expect(screen.queryByText('결제를 취소했습니다.')).not.toBeInTheDocument();
  });
});

describe('PurchasePanel — 현금영수증 with a cash method', () => {
  it('asks for it only with 가상계좌 or 계좌이체, stops at a bad number and sends a good one with the checkout', async () => {
    installImpDouble({ pay: { success: false, imp_uid: null, error_msg: '사용자가 결제를 취소하셨습니다' } });
    serve({ ...baseRoutes(), 'POST /api/checkout': () => Response.json({ checkout }) });
    renderPanel();
    await userEvent.click(screen.getByRole('radio', { name: '신용·체크카드' }));
    expect(screen.queryByRole('group', { name: '현금영수증' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: '가상계좌' }));
    const receipt = screen.getByRole('group', { name: '현금영수증' });
    await userEvent.click(within(receipt).getByRole('radio', { name: /소득공제/ }));
    await userEvent.type(within(receipt).getByLabelText('휴대폰 번호'), '0101234');
    await userEvent.click(screen.getByRole('button', { name: '가상계좌 발급받기' }));
    expect(await screen.findByText('휴대폰 번호를 010-1234-5678 형식으로 입력해 주세요.')).toBeVisible();
    expect(requests.some((r) => r.path === '/api/checkout')).toBe(false);
    await userEvent.clear(within(receipt).getByLabelText('휴대폰 번호'));
    await userEvent.type(within(receipt).getByLabelText('휴대폰 번호'), '010-1234-5678');
    await userEvent.click(screen.getByRole('button', { name: '가상계좌 발급받기' }));
    await screen.findByRole('alert');
    expect(requests.find((r) => r.path === '/api/checkout')?.body).toMatchObject({
      payMethod: 'vbank',
      cashReceipt: { type: 'person', identifier: '010-1234-5678' },
    });
  });
});

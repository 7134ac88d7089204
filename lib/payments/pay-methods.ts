// The ways a Korean shopper pays, as the shop offers them, and how each is asked of the service's
// V1 script (`pg` and `pay_method` of IMP.request_pay). Client-safe: the checkout shows the names,
// the server picks the window's parameters and reads back which method a payment record used.

/** What the order sheet offers, in the order a Korean shop shows them. */
export const CHECKOUT_METHODS = ['card', 'kakaopay', 'naverpay', 'tosspay', 'vbank', 'trans', 'phone'] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];
/** Every way an order can be paid: the checkout's, and a convenience-store barcode. */
export type PayMethod = CheckoutMethod | 'cvs';

/** 간편결제 wallets: a payment once, or a billing key kept for one-click and subscriptions. */
export const WALLETS = ['kakaopay', 'naverpay', 'tosspay'] as const;
export type Wallet = (typeof WALLETS)[number];
/** What a billing key pays with. */
export type KeyMethod = 'card' | Wallet;

/** Cash payments: they get a 현금영수증 on request. */
export const CASH_METHODS: readonly PayMethod[] = ['vbank', 'trans'];

export const PAY_METHOD_NAMES: Record<PayMethod, string> = {
  card: '신용·체크카드',
  kakaopay: '카카오페이',
  naverpay: '네이버페이',
  tosspay: '토스페이',
  vbank: '가상계좌',
  trans: '실시간 계좌이체',
  phone: '휴대폰 결제',
  cvs: '편의점 결제',
};

/** Where a refund of a payment by `method` goes, as a sentence says it ("… 환불했습니다"). */
export function refundDestination(method: PayMethod): string {
  if (method === 'card') return '결제한 카드로';
  if (isWallet(method)) return `${PAY_METHOD_NAMES[method]}로`;
  if (method === 'trans') return '이체하신 계좌로';
  if (method === 'phone') return '휴대폰 결제를 취소해';
  return '환불 계좌로';
}

export const isWallet = (method: string): method is Wallet => (WALLETS as readonly string[]).includes(method);
export const isCheckoutMethod = (method: unknown): method is CheckoutMethod =>
  typeof method === 'string' && (CHECKOUT_METHODS as readonly string[]).includes(method);
export const takesCashReceipt = (method: string) => CASH_METHODS.includes(method as PayMethod);

/** V1's window parameters: a wallet is its own `pg` (paid as `card`), the rest choose by `pay_method`. */
export function windowParams(method: CheckoutMethod, cardPg: string): { pg: string; pay_method: string } {
  if (isWallet(method)) return { pg: method, pay_method: 'card' };
  if (method === 'phone') return { pg: 'danal', pay_method: 'phone' };
  return { pg: cardPg, pay_method: method };
}

/** Which method a payment record used: a wallet by its provider (pg_provider or emb_pg_provider), else its pay_method. */
export function methodOfPayment(record: {
  pay_method?: string | null;
  pg_provider?: string | null;
  emb_pg_provider?: string | null;
}): PayMethod {
  for (const provider of [record.emb_pg_provider, record.pg_provider])
    if (provider && isWallet(provider)) return provider;
  const method = record.pay_method ?? 'card';
  return method === 'vbank' || method === 'trans' || method === 'phone' || method === 'cvs' ? method : 'card';
}

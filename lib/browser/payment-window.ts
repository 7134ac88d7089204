import type { WindowMode } from '@/lib/identity/client';
import { deviceWindowMode, type ImpConfig, requestPay } from './imp-loader';
import type { RequestPayResponse, WindowPayMethod } from './imp-types';

/** What our server prepared for the service's window: a purchase, or a card registration (amount 0). */
export interface PaymentWindowOpening {
  pg: string;
  /** The window's pay_method as the server chose it for the customer's method; default a card. */
  payMethod?: string;
  /** 가상계좌: the deposit deadline the server gave the account (UNIX seconds, service clock). */
  vbankDue?: number;
  merchantUid: string;
  /** A registration's billing key: the window keeps the card under it. */
  customerUid?: string;
  name: string;
  amount: number;
  buyerName?: string;
  buyerEmail?: string;
}

const WINDOW_PAY_METHODS: readonly string[] = ['card', 'vbank', 'trans', 'phone'] satisfies WindowPayMethod[];
/** The server's choice, checked: a window for another way to pay than it said is never opened. */
function windowPayMethod(method = 'card'): WindowPayMethod {
  if (!WINDOW_PAY_METHODS.includes(method)) throw new Error('이 결제 수단의 결제창을 열 수 없습니다.');
  return method as WindowPayMethod;
}

const KST_OFFSET_SECONDS = 9 * 3600;
/** UNIX seconds as V1's vbank_due takes them: YYYYMMDDhhmm in Korean time (whatever the browser's zone). */
export function vbankDueParam(seconds: number): string {
  const kst = new Date((seconds + KST_OFFSET_SECONDS) * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${kst.getUTCFullYear()}${two(kst.getUTCMonth() + 1)}${two(kst.getUTCDate())}${two(kst.getUTCHours())}${two(kst.getUTCMinutes())}`;
}

/**
 * Opens the service's window for what our server prepared: as the page asks (`windowMode`),
 * else a popup on desktops and a redirect back to `returnPath` on phones.
 */
export function openPaymentWindow(
  config: ImpConfig,
  opening: PaymentWindowOpening,
  { windowMode, returnPath }: { windowMode?: WindowMode; returnPath: string },
): Promise<RequestPayResponse> {
  const mode = windowMode ?? deviceWindowMode();
  return requestPay(config, {
    pg: opening.pg,
    pay_method: windowPayMethod(opening.payMethod),
    ...(opening.vbankDue !== undefined && { vbank_due: vbankDueParam(opening.vbankDue) }),
    merchant_uid: opening.merchantUid,
    ...(opening.customerUid && { customer_uid: opening.customerUid }),
    name: opening.name,
    amount: opening.amount,
    buyer_name: opening.buyerName,
    buyer_email: opening.buyerEmail,
    popup: mode === 'popup',
    ...(mode === 'redirect' && { m_redirect_url: `${window.location.origin}${returnPath}` }),
  });
}

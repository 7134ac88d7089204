import type { WindowMode } from '@/lib/identity/client';
import { deviceWindowMode, type ImpConfig, requestPay } from './imp-loader';
import type { RequestPayResponse } from './imp-types';

/** What our server prepared for the service's card window: a purchase, or a card registration (amount 0). */
export interface PaymentWindowOpening {
  pg: string;
  merchantUid: string;
  /** A registration's billing key: the window keeps the card under it. */
  customerUid?: string;
  name: string;
  amount: number;
  buyerName?: string;
  buyerEmail?: string;
}

/**
 * Opens the service's card window for what our server prepared: as the page asks (`windowMode`),
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
    pay_method: 'card',
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

// Which payment window a request_pay asks for, from its pg and pay_method (V1): a wallet's
// approval (pg kakaopay | naverpay | tosspay), a transfer's bank choice (trans), a phone bill
// payment with a one-time code (phone; pg danal when none is given), a virtual account (vbank),
// the card form (card), or any other method, which the emulator pays as soon as it is confirmed.
import { invalid } from '../wire/errors';
import { type Body, optionalText } from '../wire/fields';
import { type Pg, resolvePg } from '../wire/order';
import { WALLET_PAY_METHODS, WALLET_RECORD_METHOD, type Wallet, walletOf } from './wallets';

export type WindowMethod =
  | { kind: 'wallet'; wallet: Wallet }
  | { kind: 'card' | 'trans' | 'phone' | 'vbank' }
  | { kind: 'other'; payMethod: string };

export interface WindowChoice {
  method: WindowMethod;
  pg: Pg;
  /** What the payment record will say (a wallet's: 'point'). */
  recordMethod: string;
}

const KINDS = ['card', 'trans', 'phone', 'vbank'] as const;

export function readWindowMethod(body: Body): WindowChoice {
  const payMethod = optionalText(body, 'pay_method', { max: 20 }) ?? 'card';
  const pg = resolvePg(optionalText(body, 'pg', { max: 80 }), payMethod === 'phone' ? 'danal' : 'html5_inicis');
  const wallet = walletOf(pg.pg_provider);
  if (wallet) {
    if (!WALLET_PAY_METHODS.includes(payMethod))
      throw invalid('pay_method', `${pg.pg_provider}: ${WALLET_PAY_METHODS.join(', ')} 중 하나여야 합니다.`);
    return { method: { kind: 'wallet', wallet }, pg, recordMethod: WALLET_RECORD_METHOD };
  }
  const kind = KINDS.find((k) => k === payMethod);
  return { method: kind ? { kind } : { kind: 'other', payMethod }, pg, recordMethod: payMethod };
}

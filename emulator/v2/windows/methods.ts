// Which window a payment or billing-key request opens: a card form, or an easy-pay wallet's
// approval (V1's wallet windows: KAKAOPAY, NAVERPAY, TOSSPAY). The channel must take the method.
import type { Wallet } from '../../core/service/wallets';
import type { Body } from '../../core/wire/fields';
import type { V2Channel } from '../../merchants';
import { V2Error } from '../errors';
import type { V2WindowKind } from './sessions';

export type V2WindowMethod = { type: 'card' } | { type: 'wallet'; provider: string; wallet: Wallet };

const WALLETS: Record<string, Wallet> = { KAKAOPAY: 'kakaopay', NAVERPAY: 'naverpay', TOSSPAY: 'tosspay' };

const refuse = (message: string) => new V2Error(400, 'INVALID_REQUEST', message);

/** The method a request names: payMethod, billingKeyMethod or billingKeyAndPayMethod (default: the channel's). */
function namedMethod(kind: V2WindowKind, request: Body, channel: V2Channel): string {
  const field =
    kind === 'payment' ? 'payMethod' : kind === 'billing-key' ? 'billingKeyMethod' : 'billingKeyAndPayMethod';
  const named = request[field];
  if (named === undefined || named === null || named === '')
    return channel.pay_methods.includes('EASY_PAY') ? 'EASY_PAY' : 'CARD';
  if (named !== 'CARD' && named !== 'EASY_PAY')
    throw refuse(`${field}: 에뮬레이터의 V2 창은 CARD와 EASY_PAY만 지원합니다 (${String(named)}).`);
  return named;
}

export function methodOf(kind: V2WindowKind, request: Body, channel: V2Channel): V2WindowMethod {
  const method = namedMethod(kind, request, channel);
  if (kind !== 'payment' && !channel.pay_methods.includes('BILLING_KEY'))
    throw refuse(`빌링키 발급을 지원하지 않는 채널입니다: ${channel.channel_key}`);
  if (!channel.pay_methods.includes(method))
    throw refuse(`${method} 결제를 지원하지 않는 채널입니다: ${channel.channel_key}`);
  if (method === 'CARD') return { type: 'card' };
  const easyPay = typeof request.easyPay === 'object' && request.easyPay !== null ? (request.easyPay as Body) : {};
  const asked =
    typeof easyPay.easyPayProvider === 'string' ? easyPay.easyPayProvider.replace(/^EASY_PAY_PROVIDER_/, '') : null;
  const provider = asked ?? channel.pg_provider;
  const wallet = Object.hasOwn(WALLETS, provider) ? WALLETS[provider] : undefined;
  if (!wallet) throw refuse(`easyPay.easyPayProvider: 에뮬레이터는 ${Object.keys(WALLETS).join(', ')}만 지원합니다.`);
  return { type: 'wallet', provider, wallet };
}

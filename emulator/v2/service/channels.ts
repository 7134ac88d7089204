// The store's PG channels: a request names one by `channelKey`, or the first that takes the method.
import type { MerchantV2, V2Channel } from '../../merchants';
import { channelNotFound } from '../errors';

export function channelFor(v2: MerchantV2, channelKey: string | null, payMethod: string): V2Channel {
  const channel = channelKey
    ? v2.channels.find((c) => c.channel_key === channelKey)
    : v2.channels.find((c) => c.pay_methods.includes(payMethod));
  if (!channel)
    throw channelNotFound(channelKey ? `채널이 존재하지 않습니다: ${channelKey}` : `${payMethod} 채널이 없습니다.`);
  return channel;
}

/** The wallet (EasyPayProvider) a channel's PG is, or null for a card PG. */
export const walletOfChannel = (channel: V2Channel): string | null =>
  channel.pay_methods.includes('EASY_PAY') ? channel.pg_provider : null;

/** How the service shows a channel: TEST only for a channel the store marks as one (like V1's test_channels). */
export const channelTypeOf = (v2: MerchantV2 | undefined, channelKey: string | null): 'TEST' | 'LIVE' =>
  (v2?.channels ?? []).some((c) => c.channel_key === channelKey && c.test === true) ? 'TEST' : 'LIVE';

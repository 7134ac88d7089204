// A merchant's V2 store and channels (Merchant.v2): which merchant a browser request's storeId
// names, and which of its channels a channelKey is.
import type { Emulator } from '../../core/emulator';
import type { Merchant, V2Channel } from '../../merchants';
import { channelNotFound } from '../errors';
import { merchantOfStore as merchantCodeOfStore } from '../service/windows';

/** The merchant whose V2 store this is, or undefined. */
export function merchantOfStore(core: Emulator, storeId: string): Merchant | undefined {
  const code = merchantCodeOfStore(core, storeId);
  return code === null ? undefined : core.merchant(code);
}

/** The channel a key names in the merchant's store, or CHANNEL_NOT_FOUND. */
export function channelOf(merchant: Merchant, channelKey: string): V2Channel {
  const channel = merchant.v2?.channels.find((c) => c.channel_key === channelKey);
  if (!channel) throw channelNotFound(`채널을 찾을 수 없습니다: ${channelKey}`);
  return channel;
}

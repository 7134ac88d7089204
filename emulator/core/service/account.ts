// The merchant's account settings the REST API shows: its PG channels (GET /users/pg) and its
// sub-merchants (GET /tiers/{tier_code}). The channels are the providers the emulator uses when a
// request names none (windows, API payments, barcodes, certifications), plus each test channel.
import type { Merchant } from '../../merchants';
import { invalid, notFound } from '../wire/errors';

const LIVE_CHANNELS = [
  { pg_provider: 'html5_inicis', type: 'payment' },
  { pg_provider: 'nice', type: 'api_payment' },
  { pg_provider: 'galaxia', type: 'api_payment' },
  { pg_provider: 'danal', type: 'certification' },
];

const channel = (
  merchant: Merchant,
  provider: string,
  storeId: string | undefined,
  type: string,
  sandbox: boolean,
) => ({
  pg_provider: provider,
  pg_id: storeId ?? `emulator_${provider}`,
  sandbox,
  type,
  channel_name: `${provider}${sandbox ? ' (테스트)' : ''}`,
  channel_key: `channel-key-${merchant.code}-${provider}${storeId ? `-${storeId}` : ''}${sandbox ? '-test' : ''}`,
});

export function pgSettings(merchant: Merchant) {
  const live = LIVE_CHANNELS.map(({ pg_provider, type }) => channel(merchant, pg_provider, undefined, type, false));
  const test = (merchant.test_channels ?? []).map((pg) => {
    const [provider = pg, storeId] = pg.split('.', 2);
    return channel(merchant, provider, storeId, 'payment', true);
  });
  return [...live, ...test];
}

export function getTier(merchant: Merchant, tierCode: string) {
  if (!/^[A-Z0-9]{3}$/.test(tierCode)) throw invalid('tier_code', '알파벳 대문자 또는 숫자 3자리여야 합니다.');
  const tier = merchant.tiers?.find((t) => t.tier_code === tierCode);
  if (!tier) throw notFound(`등록되지 않은 하위 상점입니다: ${tierCode}`);
  return tier;
}

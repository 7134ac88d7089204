import { invalid } from './core/wire/errors';
import {
  type Body,
  boundedList,
  objectAt,
  optionalText,
  optionalTextList,
  requiredText,
  within,
} from './core/wire/fields';

/** A merchant account at the emulated service. */
export interface Merchant {
  code: string;
  key: string;
  secret: string;
  callback_url: string;
  webhook_format: 'json' | 'form';
  webhook_retry: 'none' | '5x1m';
  /**
   * Test channels (the real service's, from 2026-01-26): `pg` values — `provider` (every store of
   * it) or `provider.storeId` — whose payments and billing keys are sandbox. Absent: none.
   */
  test_channels?: string[];
  /** The name the hosted windows show the customer (default: the merchant code). */
  name?: string;
  /** Sub-merchants (GET /tiers/{tier_code}). */
  tiers?: Tier[];
}

export interface Tier {
  tier_code: string;
  tier_name: string;
}

function readTiers(body: Body): Tier[] | null {
  const value = body.tiers;
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw invalid('tiers', '배열이어야 합니다.');
  return boundedList(value, 'tiers').map((item, i) =>
    within(`tiers[${i}]`, () => {
      const tier = objectAt(item, 'tier');
      return {
        tier_code: requiredText(tier, 'tier_code', { pattern: /^[A-Z0-9]{3}$/, format: '대문자·숫자 3자리' }),
        tier_name: requiredText(tier, 'tier_name', { max: 40 }),
      };
    }),
  );
}

export const DEFAULT_CALLBACK_URL = 'http://127.0.0.1:3000/api/webhooks/iamport';

/** A merchant written `code:key:secret[:callback_url]` (the bin's --merchant); null when malformed. */
export function merchantFromFlag(value: string): Merchant | null {
  const [code = '', key = '', secret = '', ...rest] = value.split(':');
  const callback = rest.join(':') || DEFAULT_CALLBACK_URL;
  if (!/^[A-Za-z0-9_-]{3,40}$/.test(code) || !key || !secret || !URL.canParse(callback)) return null;
  return { code, key, secret, callback_url: callback, webhook_format: 'json', webhook_retry: 'none' };
}

/** The merchant the app's defaults (lib/env.ts) expect; a fresh clone needs no setup. */
export function defaultMerchant(callbackUrl = DEFAULT_CALLBACK_URL): Merchant {
  return {
    code: 'imp00000000',
    key: 'test_key',
    secret: 'test_secret',
    callback_url: callbackUrl,
    webhook_format: 'json',
    webhook_retry: 'none',
  };
}

/**
 * A merchant to add or update from a control-API body: `code` names it; an existing merchant
 * keeps the fields the body leaves out, a new one needs key and secret. Keys are unique.
 */
export function mergeMerchant(
  body: Body,
  existing: Merchant | undefined,
  keyOwner: (key: string) => string | undefined,
): Merchant {
  const code = requiredText(body, 'code', { pattern: /^[A-Za-z0-9_-]{3,40}$/, format: '영문·숫자 3~40자' });
  const read = (field: string) => optionalText(body, field, { max: 200 });
  const key = read('key') ?? existing?.key;
  const secret = read('secret') ?? existing?.secret;
  if (!key) throw invalid('key', '필수 항목입니다.');
  if (!secret) throw invalid('secret', '필수 항목입니다.');
  const owner = keyOwner(key);
  if (owner !== undefined && owner !== code) throw invalid('key', `다른 가맹점(${owner})이 쓰는 키입니다.`);
  const callbackUrl = read('callback_url') ?? existing?.callback_url ?? DEFAULT_CALLBACK_URL;
  if (!URL.canParse(callbackUrl)) throw invalid('callback_url', 'URL이어야 합니다.');
  const format = optionalText(body, 'webhook_format', { pattern: /^(json|form)$/, format: 'json | form' });
  const retry = optionalText(body, 'webhook_retry', { pattern: /^(none|5x1m)$/, format: 'none | 5x1m' });
  // An empty name clears it (the windows show the code again).
  const name = body.name === '' ? undefined : (optionalText(body, 'name', { max: 40 }) ?? existing?.name);
  const testChannels = optionalTextList(body, 'test_channels', {
    maxItems: 20,
    pattern: /^[A-Za-z0-9_-]{1,40}(\.[A-Za-z0-9_-]{1,80})?$/,
    format: 'provider 또는 provider.storeId',
  });
  const tiers = readTiers(body) ?? existing?.tiers ?? [];
  return {
    code,
    key,
    secret,
    callback_url: callbackUrl,
    webhook_format: (format ?? existing?.webhook_format ?? 'json') as Merchant['webhook_format'],
    webhook_retry: (retry ?? existing?.webhook_retry ?? 'none') as Merchant['webhook_retry'],
    test_channels: testChannels ?? existing?.test_channels ?? [],
    ...(name ? { name } : {}),
    ...(tiers.length > 0 ? { tiers } : {}),
  };
}

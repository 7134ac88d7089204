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
  /** The merchant's PortOne V2 store (emulator/v2); absent: V2 refuses its requests. */
  v2?: MerchantV2;
}

/** A V2 store: its id, API and webhook secrets, webhook URL and PG channels. */
export interface MerchantV2 {
  store_id: string;
  api_secret: string;
  /** `whsec_` + base64 of the signing key (Standard Webhooks). */
  webhook_secret: string;
  webhook_url: string;
  channels: V2Channel[];
}

export interface V2Channel {
  channel_key: string;
  pg_provider: string;
  /** What the channel takes: CARD, EASY_PAY, BILLING_KEY, IDENTITY_VERIFICATION. */
  pay_methods: string[];
  /** A test channel (`type: 'TEST'`): its payments and billing keys are sandbox. Absent: a live channel. */
  test?: boolean;
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

/**
 * The V2 store of a merchant given by flag (the bin's --merchant, EMULATOR_MERCHANTS): store `store-<code>`, API secret
 * `<secret>_v2`, webhook secret of `<secret>_webhook`, webhooks to `/api/webhooks/portone` on the
 * callback URL's origin, the default channels (docs/emulator.md, "PortOne V2").
 */
export function derivedV2(code: string, secret: string, callbackUrl: string): MerchantV2 {
  return {
    ...defaultV2(new URL('/api/webhooks/portone', callbackUrl).href),
    store_id: `store-${code}`,
    api_secret: `${secret}_v2`,
    webhook_secret: `whsec_${Buffer.from(`${secret}_webhook`).toString('base64')}`,
  };
}

/** A merchant written `code:key:secret[:callback_url]` (the bin's --merchant); null when malformed. */
export function merchantFromFlag(value: string): Merchant | null {
  const [code = '', key = '', secret = '', ...rest] = value.split(':');
  const callback = rest.join(':') || DEFAULT_CALLBACK_URL;
  if (!/^[A-Za-z0-9_-]{3,40}$/.test(code) || !key || !secret || !URL.canParse(callback)) return null;
  return {
    code,
    key,
    secret,
    callback_url: callback,
    webhook_format: 'json',
    webhook_retry: 'none',
    v2: derivedV2(code, secret, callback),
  };
}

export const DEFAULT_V2_WEBHOOK_URL = 'http://127.0.0.1:3000/api/webhooks/portone';

/** The default merchant's V2 store (the fixed test values of docs/emulator.md, "PortOne V2"). */
export function defaultV2(webhookUrl = DEFAULT_V2_WEBHOOK_URL): MerchantV2 {
  return {
    store_id: 'store-00000000-0000-4000-8000-000000000000',
    api_secret: 'test_v2_api_secret',
    webhook_secret: `whsec_${Buffer.from('test_v2_webhook_secret_0000').toString('base64')}`,
    webhook_url: webhookUrl,
    channels: [
      {
        channel_key: 'channel-key-00000000-0000-4000-8000-0000000000c1',
        pg_provider: 'TOSSPAYMENTS',
        pay_methods: ['CARD', 'BILLING_KEY'],
      },
      {
        channel_key: 'channel-key-00000000-0000-4000-8000-0000000000e1',
        pg_provider: 'KAKAOPAY',
        pay_methods: ['EASY_PAY', 'BILLING_KEY'],
      },
      {
        channel_key: 'channel-key-00000000-0000-4000-8000-0000000000d1',
        pg_provider: 'DANAL',
        pay_methods: ['IDENTITY_VERIFICATION'],
      },
    ],
  };
}

/**
 * The merchant the app's defaults (lib/env.ts) expect; a fresh clone needs no setup. Its V2 store
 * sends webhooks to `v2WebhookUrl`: by default the app's V2 endpoint, or — when a callback URL is
 * given (a test's receiver) — that same URL, so a test's webhooks never reach a running app.
 */
export function defaultMerchant(
  callbackUrl = DEFAULT_CALLBACK_URL,
  v2WebhookUrl = callbackUrl === DEFAULT_CALLBACK_URL ? DEFAULT_V2_WEBHOOK_URL : callbackUrl,
): Merchant {
  return {
    code: 'imp00000000',
    key: 'test_key',
    secret: 'test_secret',
    callback_url: callbackUrl,
    webhook_format: 'json',
    webhook_retry: 'none',
    v2: defaultV2(v2WebhookUrl),
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
    // A V2 store is kept; the control API does not make one (a flag's or the default merchant's has one).
    ...(existing?.v2 ? { v2: existing.v2 } : {}),
  };
}

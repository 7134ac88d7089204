import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

describe('parseEnv', () => {
  it('needs nothing: the defaults are the embedded emulator and PGlite', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      IMP_API_URL: 'http://127.0.0.1:4010',
      IMP_KEY: 'test_key',
      IMP_SECRET: 'test_secret',
      NEXT_PUBLIC_IMP_CODE: 'imp00000000',
      NEXT_PUBLIC_IMP_SCRIPT_URL: 'http://127.0.0.1:4010/v1/iamport.js',
      MIN_AGE: 19,
      CERT_MAX_AGE_SECONDS: 600,
      DUNNING_RETRY_DAYS: [1, 3],
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', MIN_AGE: '' }).MIN_AGE).toBe(19);
  });

  it('names every bad variable in one error', () => {
    const attempt = () => parseEnv({ IMP_API_URL: 'not a url', MIN_AGE: 'old', NEXT_PUBLIC_IMP_CODE: 'shop1' });
    expect(attempt).toThrow(EnvError);
    expect(attempt).toThrow(/IMP_API_URL/);
    expect(attempt).toThrow(/MIN_AGE/);
    expect(attempt).toThrow(/NEXT_PUBLIC_IMP_CODE/);
  });

  it('accepts a Postgres DATABASE_URL and refuses other schemes', () => {
    expect(parseEnv({ DATABASE_URL: 'postgres://u@h:5432/d' }).DATABASE_URL).toBe('postgres://u@h:5432/d');
    expect(() => parseEnv({ DATABASE_URL: 'mysql://u@h/d' })).toThrow(/DATABASE_URL/);
  });

  it('requires SESSION_SECRET in production against the real service only', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', IMP_API_URL: 'https://api.iamport.kr' })).toThrow(/SESSION_SECRET/);
    expect(parseEnv({ NODE_ENV: 'production' }).SESSION_SECRET).toBeUndefined();
    expect(() => parseEnv({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });

  it('shows demo seller particulars by default and requires the real ones against the real service', () => {
    const demo = parseEnv({});
    for (const name of [
      'SHOP_LEGAL_NAME',
      'SHOP_CEO',
      'SHOP_ADDRESS',
      'SHOP_BUSINESS_NO',
      'SHOP_MAIL_ORDER_NO',
    ] as const) {
      expect(demo[name]).toMatch(/^\(데모\) /);
    }
    const real = {
      NODE_ENV: 'production',
      IMP_API_URL: 'https://api.iamport.kr',
      SESSION_SECRET: 's'.repeat(32),
      IDENTITY_HASH_KEY: 'k'.repeat(32),
    };
    const attempt = () => parseEnv(real);
    expect(attempt).toThrow(EnvError);
    expect(attempt).toThrow(
      /SHOP_LEGAL_NAME: required in production against the real service \(the seller's particulars/,
    );
    expect(attempt).toThrow(/SHOP_PRIVACY_OFFICER/);
    expect(attempt).not.toThrow(/SESSION_SECRET/);
    const configured = parseEnv({
      ...real,
      SHOP_LEGAL_NAME: '주식회사 예시상점',
      SHOP_CEO: '김대표',
      SHOP_ADDRESS: '서울특별시 중구 세종대로 1',
      SHOP_PHONE: '02-123-4567',
      SHOP_EMAIL: 'help@shop.example',
      SHOP_BUSINESS_NO: '123-45-67890',
      SHOP_MAIL_ORDER_NO: '제2026-서울중구-0001호',
      SHOP_PRIVACY_OFFICER: '이보호',
    });
    expect(configured.SHOP_LEGAL_NAME).toBe('주식회사 예시상점');
    expect(() => parseEnv({ SHOP_BUSINESS_NO: '12345' })).toThrow(
      /SHOP_BUSINESS_NO: expected a business registration number/,
    );
    expect(() => parseEnv({ SHOP_EMAIL: 'nobody' })).toThrow(/SHOP_EMAIL/);
  });

  it('parses RECONCILE_EVERY as a duration (default 10 minutes) and refuses nonsense', () => {
    expect(parseEnv({}).RECONCILE_EVERY).toBe(600_000);
    expect(parseEnv({ RECONCILE_EVERY: '30s' }).RECONCILE_EVERY).toBe(30_000);
    expect(parseEnv({ RECONCILE_EVERY: '1h' }).RECONCILE_EVERY).toBe(3_600_000);
    expect(parseEnv({ RECONCILE_EVERY: '1500' }).RECONCILE_EVERY).toBe(1_500);
    expect(() => parseEnv({ RECONCILE_EVERY: 'often' })).toThrow(/RECONCILE_EVERY/);
    expect(() => parseEnv({ RECONCILE_EVERY: '10ms' })).toThrow(/RECONCILE_EVERY/);
  });

  it('logs at info by default, at warn under tests, and refuses an unknown level', () => {
    expect(parseEnv({}).LOG_LEVEL).toBe('info');
    expect(parseEnv({ NODE_ENV: 'test' }).LOG_LEVEL).toBe('warn');
    expect(parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }).LOG_LEVEL).toBe('debug');
    expect(() => parseEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('parses the dunning retry days', () => {
    expect(parseEnv({ DUNNING_RETRY_DAYS: '2,5,7' }).DUNNING_RETRY_DAYS).toEqual([2, 5, 7]);
    expect(() => parseEnv({ DUNNING_RETRY_DAYS: 'soon' })).toThrow(/DUNNING_RETRY_DAYS/);
  });

  it('leaves test-channel (sandbox) payments out unless IMP_INCLUDE_SANDBOX=true', () => {
    expect(parseEnv({}).IMP_INCLUDE_SANDBOX).toBe(false);
    expect(parseEnv({ IMP_INCLUDE_SANDBOX: 'true' }).IMP_INCLUDE_SANDBOX).toBe(true);
    expect(() => parseEnv({ IMP_INCLUDE_SANDBOX: 'yes' })).toThrow(/IMP_INCLUDE_SANDBOX: expected true or false/);
  });

  it("leaves the operators' routes off without OPERATOR_TOKEN and refuses a short one", () => {
    expect(parseEnv({}).OPERATOR_TOKEN).toBeUndefined();
    expect(() => parseEnv({ OPERATOR_TOKEN: 'short' })).toThrow(/OPERATOR_TOKEN: must be at least 16/);
  });
});

describe('the local URLs follow the ports npm run dev was given', () => {
  it('derives the service, its script, the mail catcher and the app from EMULATOR_PORT, MAIL_CATCHER_SMTP_PORT and PORT', () => {
    const env = parseEnv({ EMULATOR_PORT: '4450', MAIL_CATCHER_SMTP_PORT: '1445', PORT: '3450' });
    expect(env).toMatchObject({
      IMP_API_URL: 'http://127.0.0.1:4450',
      NEXT_PUBLIC_IMP_SCRIPT_URL: 'http://127.0.0.1:4450/v1/iamport.js',
      SMTP_URL: 'smtp://127.0.0.1:1445',
      APP_URL: 'http://localhost:3450',
    });
  });

  it('keeps the URLs given over the ports', () => {
    const env = parseEnv({ EMULATOR_PORT: '4450', IMP_API_URL: 'https://api.iamport.kr', SMTP_URL: 'smtps://m:465' });
    expect(env.IMP_API_URL).toBe('https://api.iamport.kr');
    expect(env.SMTP_URL).toBe('smtps://m:465');
  });

  it('names a port that is not one', () => {
    expect(() => parseEnv({ EMULATOR_PORT: 'abc', MAIL_CATCHER_SMTP_PORT: '70000' })).toThrow(
      /EMULATOR_PORT[\s\S]*MAIL_CATCHER_SMTP_PORT/,
    );
  });
});

const SELLER_FIELDS = {
  SHOP_LEGAL_NAME: '주식회사 예시상점',
  SHOP_CEO: '김대표',
  SHOP_ADDRESS: '서울특별시 중구 세종대로 1',
  SHOP_PHONE: '02-123-4567',
  SHOP_EMAIL: 'help@shop.example',
  SHOP_BUSINESS_NO: '123-45-67890',
  SHOP_MAIL_ORDER_NO: '제2026-서울중구-0001호',
  SHOP_PRIVACY_OFFICER: '이보호',
};

describe('PortOne V2 settings', () => {
  it('default to V1, with V2 pointed at the emulator default merchant on its V2 port', () => {
    expect(parseEnv({})).toMatchObject({
      PORTONE_API: 'v1',
      PORTONE_V2_API_URL: 'http://127.0.0.1:4011',
      PORTONE_V2_API_SECRET: 'test_v2_api_secret',
      PORTONE_STORE_ID: 'store-00000000-0000-4000-8000-000000000000',
      PORTONE_CHANNEL_KEY: 'channel-key-00000000-0000-4000-8000-0000000000c1',
      PORTONE_WEBHOOK_SECRET: 'whsec_dGVzdF92Ml93ZWJob29rX3NlY3JldF8wMDAw',
    });
    expect(parseEnv({ EMULATOR_V2_PORT: '4511' }).PORTONE_V2_API_URL).toBe('http://127.0.0.1:4511');
    // The emulator's own default: the port after V1's.
    expect(parseEnv({ EMULATOR_PORT: '4450' }).PORTONE_V2_API_URL).toBe('http://127.0.0.1:4451');
  });

  it("sends the browser to the emulator's V2 script while V2 is the emulator, else to PortOne's CDN", () => {
    // Beside the V1 script, on the V1 listener (the origin already allowed for scripts).
    expect(parseEnv({}).PORTONE_V2_SCRIPT_URL).toBe('http://127.0.0.1:4010/v2/browser-sdk.js');
    expect(parseEnv({ NEXT_PUBLIC_IMP_SCRIPT_URL: 'http://localhost:4450/v1/iamport.js' }).PORTONE_V2_SCRIPT_URL).toBe(
      'http://localhost:4450/v2/browser-sdk.js',
    );
    expect(parseEnv({ PORTONE_V2_API_URL: 'https://api.portone.io' }).PORTONE_V2_SCRIPT_URL).toBe(
      'https://cdn.portone.io/v2/browser-sdk.js',
    );
    // Set: used as it is (a merchant hosting the script itself).
    expect(
      parseEnv({ PORTONE_V2_SCRIPT_URL: 'https://static.shop.example/browser-sdk.js' }).PORTONE_V2_SCRIPT_URL,
    ).toBe('https://static.shop.example/browser-sdk.js');
  });

  it('refuses an API that is neither and a webhook secret that is not base64', () => {
    const attempt = () => parseEnv({ PORTONE_API: 'v3', PORTONE_WEBHOOK_SECRET: 'whsec_not base64!' });
    expect(attempt).toThrow(/PORTONE_API: expected v1 or v2/);
    expect(attempt).toThrow(/PORTONE_WEBHOOK_SECRET/);
  });

  it('requires the real V2 credentials in production against the real V2 service only', () => {
    const real = {
      NODE_ENV: 'production',
      PORTONE_API: 'v2',
      PORTONE_V2_API_URL: 'https://api.portone.io',
    };
    const attempt = () => parseEnv(real);
    expect(attempt).toThrow(/SESSION_SECRET: required in production against the real service/);
    const secrets = { SESSION_SECRET: 's'.repeat(32), IDENTITY_HASH_KEY: 'k'.repeat(32), ...SELLER_FIELDS };
    expect(() => parseEnv({ ...real, ...secrets })).toThrow(
      /PORTONE_V2_API_SECRET: required in production against the real V2 service/,
    );
    expect(() => parseEnv({ ...real, ...secrets })).toThrow(/PORTONE_WEBHOOK_SECRET/);
    expect(parseEnv({ NODE_ENV: 'production', PORTONE_API: 'v2' }).PORTONE_API).toBe('v2');
    const configured = parseEnv({
      ...real,
      ...secrets,
      PORTONE_V2_API_SECRET: 'live-secret',
      PORTONE_STORE_ID: 'store-live',
      PORTONE_CHANNEL_KEY: 'channel-key-live',
      PORTONE_WEBHOOK_SECRET: 'whsec_bGl2ZQ==',
    });
    expect(configured.PORTONE_STORE_ID).toBe('store-live');
  });
});

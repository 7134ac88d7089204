import 'server-only';
import { z } from 'zod';
import { withRunningShop } from './running-shop';

/**
 * The only reader of process.env. Defaults point at the embedded emulator's default merchant so a
 * fresh clone runs with no .env; switching the four IMP_* variables points the app at the real
 * service.
 */
const intFrom = (fallback: number, min: number) => z.coerce.number().int().min(min).default(fallback);

const sellerField = z.string().trim().min(1).max(200).optional();
const port = z.coerce.number().int().min(1).max(65_535).optional();

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Unset: the emulator on EMULATOR_PORT (default 4010), as `npm run dev` starts it. */
  IMP_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  IMP_KEY: z.string().min(1).default('test_key'),
  IMP_SECRET: z.string().min(1).default('test_secret'),
  NEXT_PUBLIC_IMP_CODE: z
    .string()
    .regex(/^imp\d{8}$/, 'expected imp followed by 8 digits')
    .default('imp00000000'),
  NEXT_PUBLIC_IMP_SCRIPT_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The payment provider the windows use (request_pay `pg`). */
  IMP_PG: z.string().min(1).default('html5_inicis'),
  IMP_TIMEOUT_MS: intFrom(10_000, 100),
  /**
   * `true` asks the service for test-channel (sandbox) payments too (`include_sandbox=true`), for a
   * merchant testing on the real service's test channel; otherwise they are left out of every read.
   */
  IMP_INCLUDE_SANDBOX: z
    .enum(['true', 'false'], { error: 'expected true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * Which PortOne API new payments, cards, bookings and identity checks are made on: `v1` (iamport,
   * the IMP_* settings) or `v2` (the PORTONE_* settings). Records keep the API they were made on and
   * are refunded and read through it whatever this says.
   */
  PORTONE_API: z.enum(['v1', 'v2'], { error: 'expected v1 or v2' }).default('v1'),
  /** V2's REST API (api.portone.io); unset: the emulator's V2 listener (EMULATOR_V2_PORT, else EMULATOR_PORT + 1: 4011). */
  PORTONE_V2_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The V2 browser script the start routes send the browser to (and the CSP allows). Unset: the
   * emulator's (/v2/browser-sdk.js beside the V1 script) while the V2 API is the emulator, else
   * PortOne's CDN.
   */
  PORTONE_V2_SCRIPT_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** V2 API secret (콘솔 › 결제 연동 › 연동 정보); default the emulator's default merchant's. */
  PORTONE_V2_API_SECRET: z.string().min(1).default('test_v2_api_secret'),
  PORTONE_STORE_ID: z.string().min(1).default('store-00000000-0000-4000-8000-000000000000'),
  /** V2 channel keys: card payments and billing keys, a wallet (간편결제), identity verification. */
  PORTONE_CHANNEL_KEY: z.string().min(1).default('channel-key-00000000-0000-4000-8000-0000000000c1'),
  PORTONE_EASY_PAY_CHANNEL_KEY: z.string().min(1).default('channel-key-00000000-0000-4000-8000-0000000000e1'),
  PORTONE_IDENTITY_CHANNEL_KEY: z.string().min(1).default('channel-key-00000000-0000-4000-8000-0000000000d1'),
  /** The V2 webhook secret (`whsec_…`, Standard Webhooks): notices not signed with it are refused. */
  PORTONE_WEBHOOK_SECRET: z
    .string()
    .regex(/^(whsec_)?[A-Za-z0-9+/]+={0,2}$/, 'expected whsec_ followed by base64')
    .default('whsec_dGVzdF92Ml93ZWJob29rX3NlY3JldF8wMDAw'),
  /** The emulator's V2 port, when not the one after EMULATOR_PORT; PORTONE_V2_API_URL defaults to it. */
  EMULATOR_V2_PORT: port,
  /** PostgreSQL; unset: the embedded database server of APP_DATA_DIR (npm run dev starts it). */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Where the embedded database and generated secrets live. */
  APP_DATA_DIR: z.string().min(1).default('.data/app'),
  /** The embedded database server's port (on 127.0.0.1). */
  DB_PORT: intFrom(5433, 1),
  /** How long the app and `npm run jobs` wait at start for the database to answer, in ms. */
  DB_WAIT_MS: intFrom(60_000, 0),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Keys the hash under which a person's unique_key (CI) is stored; changing it breaks duplicate checks. */
  IDENTITY_HASH_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Signup: minimum international age, and how old a certification may be when it is used. */
  MIN_AGE: intFrom(19, 0),
  CERT_MAX_AGE_SECONDS: intFrom(600, 1),
  /** Subscriptions: days after a failed renewal at which it is retried. */
  DUNNING_RETRY_DAYS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'expected comma-separated days such as 1,3')
    .default('1,3')
    .transform((value) => value.split(',').map(Number)),
  /**
   * Comma-separated origins of this site's pages (https://shop.example): a certification counts only
   * when it was started from one of them. Unset: the origin the verifying request came from.
   */
  APP_ORIGINS: z
    .string()
    .optional()
    .transform((value, context) => {
      const origins = (value ?? '').split(',').filter(Boolean);
      try {
        return origins.map((origin) => new URL(origin).origin);
      } catch {
        context.addIssue({ code: 'custom', message: 'expected comma-separated origins such as https://shop.example' });
        return z.NEVER;
      }
    }),
  /**
   * `1`: the app sits behind a reverse proxy that appends the client's address to X-Forwarded-For
   * (its last hop is then believed). Off (default, the embedded setup): those headers are anyone's
   * to write, so the address is the TCP peer's (see lib/http/peer-address.ts).
   */
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'], { error: 'expected 1 or 0' })
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  /** Comma-separated addresses the service sends webhooks from; unset: any address may post. */
  WEBHOOK_ALLOWED_IPS: z
    .string()
    .regex(/^[\d.:a-fA-F]+(,[\d.:a-fA-F]+)*$/, 'expected comma-separated IP addresses')
    .optional()
    .transform((value) => (value ? value.split(',') : [])),
  /** Bearer token of the operators' routes (POST /api/operations/reconcile); unset: those routes are off. */
  OPERATOR_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Outgoing mail: an SMTP URL (smtp://user:pass@host:587, smtps://…); default the local mail catcher. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('임프 상점 <no-reply@imp-shop.example>'),
  /** The shop's name in mails. */
  SHOP_NAME: z.string().min(1).default('임프 상점'),
  /**
   * The seller's particulars the 전자상거래법 asks an online shop to show (the footer, receipts, the
   * privacy policy). Unset: clearly marked demo values; required in production against the real service.
   */
  SHOP_LEGAL_NAME: sellerField,
  SHOP_CEO: sellerField,
  SHOP_ADDRESS: sellerField,
  SHOP_PHONE: sellerField,
  SHOP_EMAIL: z.email('expected an email address').max(200).optional(),
  SHOP_BUSINESS_NO: z
    .string()
    .regex(/^\d{3}-\d{2}-\d{5}$/, 'expected a business registration number such as 123-45-67890')
    .optional(),
  SHOP_MAIL_ORDER_NO: sellerField,
  /** 개인정보 보호책임자: a name, and how to reach them if not by SHOP_EMAIL (e.g. "홍길동 (privacy@shop.example)"). */
  SHOP_PRIVACY_OFFICER: sellerField,
  /** The site's public address, for links in mails (change card, reset password). */
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The ports `npm run dev` was given (scripts/run-all.mjs): the URLs above default to them, so a
   * command run beside it with the same variables reaches the same emulator, mail catcher and app.
   */
  EMULATOR_PORT: port,
  MAIL_CATCHER_SMTP_PORT: port,
  PORT: port,
  /** Days before each renewal that its reminder is sent. */
  REMINDER_DAYS: intFrom(3, 0),
  /** `off`: this instance sends no mail (another instance or `npm run jobs` does). */
  MAIL_WORKER: z.enum(['on', 'off']).default('on'),
  /** How often the mail worker looks for due mail, in ms. */
  MAIL_POLL_MS: intFrom(2_000, 50),
  /**
   * While mail waits for a future time, the service's clock is re-read this often (one token
   * request): the emulator's clock jumps when a test moves it.
   */
  MAIL_CLOCK_CHECK_MS: intFrom(30_000, 100),
  /** pino's level; unset: info (warn under Vitest, whose output the lines would drown). */
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).optional(),
  /** How often `npm run jobs` reconciles (one run at a time across all workers): `10m`, `30s`, `1h`, or ms. */
  RECONCILE_EVERY: z
    .string()
    .default('10m')
    .transform((value, context) => {
      const ms = parseDuration(value);
      if (ms === undefined || ms < 1_000) {
        context.addIssue({ code: 'custom', message: 'expected a duration of at least 1s such as 10m, 30s or 1h' });
        return z.NEVER;
      }
      return ms;
    }),
  /** `npm run jobs` on SIGTERM: how long the batch in hand may take before the worker exits anyway, in ms. */
  JOBS_STOP_MS: intFrom(30_000, 0),
});

/** What a fresh clone shows: plainly a demo, so nobody takes it for a real business. */
export const DEMO_SELLER = {
  SHOP_LEGAL_NAME: '(데모) 주식회사 임프상점',
  SHOP_CEO: '(데모) 대표자 이름',
  SHOP_ADDRESS: '(데모) 서울특별시 중구 세종대로 110, 0층',
  SHOP_PHONE: '(데모) 02-0000-0000',
  SHOP_EMAIL: 'help@imp-shop.example',
  SHOP_BUSINESS_NO: '(데모) 000-00-00000',
  SHOP_MAIL_ORDER_NO: '(데모) 제0000-서울중구-0000호',
  SHOP_PRIVACY_OFFICER: '(데모) 개인정보 보호책임자 이름 (privacy@imp-shop.example)',
} as const;
type SellerVariable = keyof typeof DEMO_SELLER;
const SELLER_VARIABLES = Object.keys(DEMO_SELLER) as SellerVariable[];

type Parsed = z.infer<typeof schema>;
type DerivedUrl =
  | 'IMP_API_URL'
  | 'NEXT_PUBLIC_IMP_SCRIPT_URL'
  | 'SMTP_URL'
  | 'APP_URL'
  | 'PORTONE_V2_API_URL'
  | 'PORTONE_V2_SCRIPT_URL';
export type Env = Omit<Parsed, SellerVariable | 'LOG_LEVEL' | DerivedUrl> &
  Record<SellerVariable | DerivedUrl, string> & { LOG_LEVEL: NonNullable<Parsed['LOG_LEVEL']> };

/** The URLs of the local setup, on the ports given (or the defaults), as scripts/run-all.mjs spells them. */
function localUrls(env: Parsed): Record<DerivedUrl, string> {
  const emulator = `http://127.0.0.1:${env.EMULATOR_PORT ?? 4010}`;
  const scriptUrl = env.NEXT_PUBLIC_IMP_SCRIPT_URL ?? `${emulator}/v1/iamport.js`;
  // The emulator's V2 listener: EMULATOR_V2_PORT, else the port after V1's (as emulator/main.ts).
  const v2ApiUrl =
    env.PORTONE_V2_API_URL ?? `http://127.0.0.1:${env.EMULATOR_V2_PORT ?? (env.EMULATOR_PORT ?? 4010) + 1}`;
  return {
    IMP_API_URL: env.IMP_API_URL ?? emulator,
    NEXT_PUBLIC_IMP_SCRIPT_URL: scriptUrl,
    SMTP_URL: env.SMTP_URL ?? `smtp://127.0.0.1:${env.MAIL_CATCHER_SMTP_PORT ?? 1025}`,
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT ?? 3000}`,
    PORTONE_V2_API_URL: v2ApiUrl,
    // The emulator serves the V2 script on its V1 listener, the origin already allowed for scripts.
    PORTONE_V2_SCRIPT_URL:
      env.PORTONE_V2_SCRIPT_URL ??
      (isLoopback(v2ApiUrl) ? `${new URL(scriptUrl).origin}/v2/browser-sdk.js` : PORTONE_V2_CDN_SCRIPT),
  };
}

/** PortOne's own V2 browser script. */
export const PORTONE_V2_CDN_SCRIPT = 'https://cdn.portone.io/v2/browser-sdk.js';

const UNITS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** `10m`, `30s`, `1h`, `500ms` or a bare number of ms; undefined when it is none of these. */
export function parseDuration(value: string): number | undefined {
  const match = /^(\d+)(ms|s|m|h)?$/.exec(value.trim());
  if (!match) return undefined;
  return Number(match[1]) * (UNITS[match[2] ?? 'ms'] ?? 1);
}

const V2_CREDENTIALS = [
  'PORTONE_V2_API_SECRET',
  'PORTONE_STORE_ID',
  'PORTONE_CHANNEL_KEY',
  'PORTONE_WEBHOOK_SECRET',
] as const;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** The service is this machine's emulator (the real one is never on loopback): demo plans, generated secrets. */
export const isLoopback = (url: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);

/** Parses an environment; throws an EnvError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = schema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = { ...result.data, ...localUrls(result.data) };
  // A generated session secret is fine on one machine with the emulator, never against the real
  // service; nor is a demo seller: a real shop must show who sells (전자상거래법 제10조).
  // A shop on V2 against the real service is as real as one on V1 against it.
  const realService = !isLoopback(env.IMP_API_URL) || (env.PORTONE_API === 'v2' && !isLoopback(env.PORTONE_V2_API_URL));
  if (env.NODE_ENV === 'production' && realService) {
    const missing = (['SESSION_SECRET', 'IDENTITY_HASH_KEY', ...SELLER_VARIABLES] as const).filter(
      (name) => !env[name],
    );
    if (missing.length > 0) {
      const lines = missing.map((name) =>
        (SELLER_VARIABLES as readonly string[]).includes(name)
          ? `  ${name}: required in production against the real service (the seller's particulars every page shows)`
          : `  ${name}: required in production against the real service`,
      );
      throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
    }
  }
  // The emulator's V2 credentials are defaults for this machine only: a shop on the real V2 names its own.
  if (env.NODE_ENV === 'production' && env.PORTONE_API === 'v2' && !isLoopback(env.PORTONE_V2_API_URL)) {
    const missing = V2_CREDENTIALS.filter((name) => present[name] === undefined);
    if (missing.length > 0) {
      const lines = missing.map((name) => `  ${name}: required in production against the real V2 service`);
      throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
    }
  }
  const seller = Object.fromEntries(SELLER_VARIABLES.map((name) => [name, env[name] ?? DEMO_SELLER[name]]));
  return { ...env, ...seller, LOG_LEVEL: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'warn' : 'info') } as Env;
}

export const env: Env = parseEnv(withRunningShop(process.env));

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
type DerivedUrl = 'IMP_API_URL' | 'NEXT_PUBLIC_IMP_SCRIPT_URL' | 'SMTP_URL' | 'APP_URL';
export type Env = Omit<Parsed, SellerVariable | 'LOG_LEVEL' | DerivedUrl> &
  Record<SellerVariable | DerivedUrl, string> & { LOG_LEVEL: NonNullable<Parsed['LOG_LEVEL']> };

/** The URLs of the local setup, on the ports given (or the defaults), as scripts/run-all.mjs spells them. */
function localUrls(env: Parsed): Record<DerivedUrl, string> {
  const emulator = `http://127.0.0.1:${env.EMULATOR_PORT ?? 4010}`;
  return {
    IMP_API_URL: env.IMP_API_URL ?? emulator,
    NEXT_PUBLIC_IMP_SCRIPT_URL: env.NEXT_PUBLIC_IMP_SCRIPT_URL ?? `${emulator}/v1/iamport.js`,
    SMTP_URL: env.SMTP_URL ?? `smtp://127.0.0.1:${env.MAIL_CATCHER_SMTP_PORT ?? 1025}`,
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT ?? 3000}`,
  };
}

const UNITS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** `10m`, `30s`, `1h`, `500ms` or a bare number of ms; undefined when it is none of these. */
export function parseDuration(value: string): number | undefined {
  const match = /^(\d+)(ms|s|m|h)?$/.exec(value.trim());
  if (!match) return undefined;
  return Number(match[1]) * (UNITS[match[2] ?? 'ms'] ?? 1);
}

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
  if (env.NODE_ENV === 'production' && !isLoopback(env.IMP_API_URL)) {
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
  const seller = Object.fromEntries(SELLER_VARIABLES.map((name) => [name, env[name] ?? DEMO_SELLER[name]]));
  return { ...env, ...seller, LOG_LEVEL: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'warn' : 'info') } as Env;
}

export const env: Env = parseEnv(withRunningShop(process.env));

import 'server-only';
import { lt } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import { getDb, rateLimits } from '@/lib/db';
import { AppError } from '@/lib/http';

// Rate limits shared by every app instance: rate-limiter-flexible's Drizzle store keeps the
// counters in the app's database (PGlite or PostgreSQL), each spend one atomic upsert. One module
// for every feature that limits anonymous or expensive work (sign-in, identity checks, …).

export interface Limit {
  /** Names the counter (key prefix): one limit per purpose. */
  name: string;
  /** How many attempts per window. */
  points: number;
  windowSeconds: number;
}

/** Sign-in attempts per account (email): a password is never guessed at more than this. */
export const SIGN_IN_PER_ACCOUNT: Limit = { name: 'signin-account', points: 10, windowSeconds: 15 * 60 };
/** Sign-in attempts per address: each costs a 32 MiB key derivation. */
export const SIGN_IN_PER_ADDRESS: Limit = { name: 'signin-address', points: 30, windowSeconds: 15 * 60 };
/**
 * Identity checks started per address: each is a row and a certification window. Korean mobile
 * carriers put many customers behind one address (carrier-grade NAT), so a busy hour's signups from
 * one network must fit: 120 per 10 minutes (the whole e2e suite, signing up from 127.0.0.1, reached 60).
 */
export const IDENTITY_CHECKS_PER_ADDRESS: Limit = { name: 'identity-address', points: 120, windowSeconds: 10 * 60 };

async function limiterOf(limit: Limit): Promise<RateLimiterDrizzle> {
  return new RateLimiterDrizzle({
    storeClient: await getDb(),
    schema: rateLimits,
    keyPrefix: limit.name,
    points: limit.points,
    duration: limit.windowSeconds,
    // Expired rows are reused by the next spend of their key and pruned by pruneRateLimits().
    clearExpiredByTimeout: false,
  });
}

/** Too many attempts: a Korean message, and when to try again (Retry-After, seconds). */
export function rateLimited(retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const error = new AppError(429, 'rate_limited', `요청이 너무 많습니다. ${minutes}분 뒤에 다시 시도해 주세요.`);
  error.headers = { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) };
  return error;
}

/** Spends one attempt of `key` under `limit`; throws the 429 once none is left in the window. */
export async function spend(limit: Limit, key: string): Promise<void> {
  try {
    await (await limiterOf(limit)).consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw rateLimited(rejection.msBeforeNext / 1000);
    throw rejection;
  }
}

/** Forgets `key`'s attempts (a successful sign-in clears its account's failures). */
export async function forgive(limit: Limit, key: string): Promise<void> {
  await (await limiterOf(limit)).delete(key);
}

/** Forgets counters whose window is over; answers how many. */
export async function pruneRateLimits(now = new Date()): Promise<number> {
  const db = await getDb();
  return (await db.delete(rateLimits).where(lt(rateLimits.expire, now)).returning({ key: rateLimits.key })).length;
}

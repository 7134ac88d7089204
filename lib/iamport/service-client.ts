import 'server-only';
import { createBillingKeys } from './billing-keys';
import { createCertifications } from './certifications';
import { createCharges } from './charges';
import { createCvs } from './cvs';
import { type Call, createTransport } from './http';
import { failureOf } from './parse';
import { createPayments } from './payments';
import { createReceipts } from './receipts';
import { createSchedules } from './schedules';
import { createServiceClock } from './service-clock';
import { createTokenManager } from './token-manager';
import { createVbanks } from './vbanks';
import { fetchWire, nodeWire } from './wire';

export interface IamportClientOptions {
  /** e.g. https://api.iamport.kr, or the emulator's URL. */
  baseUrl: string;
  /** REST API key and secret: kept in a closure, never logged, never in an error. */
  key: string;
  secret: string;
  /** Per-attempt timeout (default 10 s); each call may pass its own `timeoutMs`. */
  timeoutMs?: number;
  /** Extra attempts for reads (and for requests that never reached the service); default 2. */
  maxRetries?: number;
  /** First retry back-off, doubled per attempt; default 200 ms. */
  retryDelayMs?: number;
  /** Refresh the token this long before it expires on the service's clock; default 30 s. */
  tokenMarginSeconds?: number;
  /** Sends through this fetch instead of the client's own connections (a test double that counts requests, an instrumented fetch). */
  fetch?: typeof fetch;
  /** Replaces the local clock, in ms (tests). */
  localNow?: () => number;
  /** Reads of payments include test-channel (sandbox) payments (`include_sandbox=true`); default false. */
  includeSandbox?: boolean;
}

/** The service's clock is re-read (one token request) when nothing was heard from it for this long. */
const clockFreshMs = 5 * 60_000;

export function createIamportClient(options: IamportClientOptions) {
  const clock = createServiceClock(options.localNow);
  const send = createTransport({
    baseUrl: options.baseUrl,
    wire: options.fetch ? fetchWire(options.fetch) : nodeWire(),
    timeoutMs: options.timeoutMs ?? 10_000,
    maxRetries: options.maxRetries ?? 2,
    retryDelayMs: options.retryDelayMs ?? 200,
    clock,
  });
  const tokens = createTokenManager({
    send,
    key: options.key,
    secret: options.secret,
    clock,
    marginSeconds: options.tokenMarginSeconds ?? 30,
  });

  // A token can expire in flight (or on the emulator's clock, moved forward): one refresh, one retry.
  // The refused request had no effect, so sending it again cannot charge twice.
  const call: Call = async (method, path, { body, timeoutMs } = {}) => {
    const exchange = { method, path, body, timeoutMs, retry: method === 'GET' ? 'safe' : 'unsent' } as const;
    const token = await tokens.get();
    const answer = await send({ ...exchange, token });
    if (answer.status !== 401) return answer;
    tokens.invalidate(token);
    const retried = await send({ ...exchange, token: await tokens.get() });
    if (retried.status === 401) throw failureOf(retried);
    return retried;
  };

  const read = { includeSandbox: options.includeSandbox ?? false };
  return {
    payments: createPayments(call, read),
    charges: createCharges(call),
    billingKeys: createBillingKeys(call),
    schedules: createSchedules(call, read),
    certifications: createCertifications(call),
    cvs: createCvs(call),
    vbanks: createVbanks(call),
    receipts: createReceipts(call),

    /**
     * The service's time, UNIX seconds: compare certified_at, paid_at, schedule_at with this, never
     * with the local clock. Follows every answer's `Date` header (and so the emulator's time travel).
     */
    async serviceNow({ fresh = false }: { fresh?: boolean } = {}): Promise<number> {
      const observed = clock.lastObservedAt();
      // `fresh` reads it now (one token request): for decisions at a period's edge, where a clock
      // moved since the last answer (the emulator's, by a test) must not be missed.
      if (fresh || observed === null || clock.localNow() - observed > clockFreshMs) await tokens.refresh();
      return Math.floor((clock.nowMs() ?? clock.localNow()) / 1000);
    },
  };
}

export type IamportClient = ReturnType<typeof createIamportClient>;

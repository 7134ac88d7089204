// Sends pending deliveries when their merchant's virtual clock reaches their next attempt, as one
// of each merchant's timeline's sources (`of`). An attempt that fails on the network or with a 5xx is retried a minute
// later (virtual) when the merchant opted in (5x1m: up to 5 retries); anything else is final.
// Attempts run concurrently up to a limit, each bounded by a timeout. A clock advance does not move
// the clock a minute or more past an attempt before its answer is in: so a retry happens at its
// virtual time, and what the merchant's handler books (the next month's charge) is seen in time.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Emulator } from '../core/emulator';
import type { WebhookAttempt, WebhookRecord } from '../core/store/records';
import type { DueWork } from '../core/time/timeline';
import { type Agents, bodyOf, outgoingAgents, post } from './send';
import { standardWebhookHeaders } from './standard-webhooks';

export const RETRY_INTERVAL = 60;
/** One attempt and up to five retries. */
export const MAX_ATTEMPTS = 6;
/** V2's back-off before each retry (virtual seconds): 1, 5, 30 minutes, 2 and 6 hours. */
export const V2_RETRY_DELAYS = [60, 300, 1800, 7200, 21_600];

interface Flight {
  /** Virtual time of the attempt: its outcome is needed before the clock passes a minute after it. */
  startedAt: number;
  done: Promise<void>;
}

/** A counting gate: at most `free` attempts hold a connection at once. */
class Gate {
  private readonly waiting: (() => void)[] = [];
  private first = 0;
  constructor(private free: number) {}

  async enter(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  leave(): void {
    const next = this.waiting[this.first];
    if (!next) {
      this.free += 1;
      return;
    }
    this.first += 1;
    if (this.first === this.waiting.length) {
      this.waiting.length = 0;
      this.first = 0;
    }
    next();
  }
}

export class Dispatcher {
  /** Attempts under way by id, in the order they started (so by virtual time), per merchant. */
  private readonly inflight = new Map<string, Map<string, Flight>>();
  private readonly gate: Gate;
  private readonly stop = new AbortController();
  /** How every request to a merchant is sent (the store counter's check too). */
  readonly sending: { agents: Agents; timeoutMs: number; stop: AbortSignal };

  constructor(
    private readonly core: Emulator,
    timeoutMs: number,
    concurrency: number,
  ) {
    this.gate = new Gate(concurrency);
    this.sending = { agents: outgoingAgents(), timeoutMs, stop: this.stop.signal };
  }

  private flights(merchantCode: string): Map<string, Flight> {
    let flights = this.inflight.get(merchantCode);
    if (!flights) {
      flights = new Map();
      this.inflight.set(merchantCode, flights);
    }
    return flights;
  }

  /** The deliveries of one merchant, on that merchant's clock. */
  of(merchantCode: string): DueWork {
    const flights = this.flights(merchantCode);
    const pending = this.core.store.pendingWebhooks;
    return {
      next: () => {
        const due = pending.next(merchantCode);
        const oldest = flights.values().next();
        const answer = oldest.done ? null : oldest.value.startedAt + RETRY_INTERVAL;
        if (due === null || answer === null) return due ?? answer;
        return Math.min(due, answer);
      },
      run: async (at) => {
        for (const flight of flights.values()) {
          if (flight.startedAt + RETRY_INTERVAL > at) break;
          await flight.done;
        }
        for (const record of pending.due(merchantCode, at)) this.attempt(record, flights);
      },
      // Waits for the merchant's attempts under way; answers whether there was any.
      settle: async () => {
        const any = flights.size > 0;
        while (flights.size > 0) await Promise.all([...flights.values()].map((f) => f.done));
        return any;
      },
    };
  }

  /** Resolves when the current attempts of these deliveries (if any) have finished. */
  async settled(ids: string[]): Promise<void> {
    const flights = [...this.inflight.values()];
    await Promise.all(ids.map((id) => flights.find((f) => f.has(id))?.get(id)?.done));
  }

  /** Stops: attempts under way are cut off and nothing more is recorded. */
  async close(): Promise<void> {
    this.stop.abort();
    this.sending.agents.http.destroy();
    this.sending.agents.https.destroy();
    await Promise.allSettled(
      [...this.inflight.values()].flatMap((flights) => [...flights.values()].map((f) => f.done)),
    );
  }

  private attempt(record: WebhookRecord, flights: Map<string, Flight>): void {
    const at = this.core.now(record.merchant_code);
    // Not journaled: after a restart an attempt cut off is pending again, as the journal says.
    this.core.store.webhooks.putVolatile({ ...record, state: 'sending' });
    const flight: Flight = { startedAt: at, done: this.send(record.id, at) };
    flights.set(record.id, flight);
    void flight.done.finally(() => {
      if (flights.get(record.id) === flight) flights.delete(record.id);
    });
  }

  private async send(id: string, at: number): Promise<void> {
    await this.gate.enter();
    try {
      const record = this.core.store.webhooks.get(id);
      if (!record || this.stop.signal.aborted) return; // reset or closing meanwhile
      if (record.delay_ms > 0) await sleep(record.delay_ms, undefined, { signal: this.stop.signal }).catch(() => {});
      const body = bodyOf(record);
      const headers = record.v2_message_id ? this.signing(record, body, at) : {};
      this.finish(id, await post(record.url, record.encoding, body, at, this.sending, headers));
    } finally {
      this.gate.leave();
    }
  }

  /** Standard Webhooks headers of a V2 attempt at virtual time `at`, signed with the store's secret. */
  private signing(record: WebhookRecord, body: string, at: number): Record<string, string> {
    const secret = this.core.merchant(record.merchant_code)?.v2?.webhook_secret ?? '';
    return standardWebhookHeaders(secret, record.v2_message_id ?? record.id, at, body);
  }

  private finish(id: string, attempt: WebhookAttempt): void {
    const record = this.core.store.webhooks.get(id);
    if (record?.state !== 'sending' || this.stop.signal.aborted) return;
    const attempts = [...record.attempts, attempt];
    const status = attempt.response_status;
    const delivered = status !== null && status >= 200 && status < 300;
    // V2 retries any failure (the service's Standard Webhooks sender); V1 only a 5xx or no answer.
    const v2Delay = record.retry === 'v2' ? V2_RETRY_DELAYS[attempts.length - 1] : undefined;
    const retry =
      !delivered &&
      (v2Delay !== undefined ||
        ((status === null || status >= 500) && record.retry === '5x1m' && attempts.length < MAX_ATTEMPTS));
    this.core.store.webhooks.patch(id, {
      attempts,
      state: delivered ? 'delivered' : retry ? 'pending' : 'failed',
      next_attempt_at: retry ? attempt.at + (v2Delay ?? RETRY_INTERVAL) : 0,
    });
  }
}

// Sends pending deliveries when the virtual clock reaches their next attempt, as one of the
// timeline's sources. An attempt that fails on the network or with a 5xx is retried a minute
// later (virtual) when the merchant opted in (5x1m: up to 5 retries); anything else is final.
// Attempts run concurrently up to a limit, each bounded by a timeout. A clock advance does not move
// the clock a minute or more past an attempt before its answer is in: so a retry happens at its
// virtual time, and what the merchant's handler books (the next month's charge) is seen in time.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Emulator } from '../core/emulator';
import type { DueWork } from '../core/timeline';
import type { WebhookAttempt, WebhookRecord } from '../core/types';
import { type Agents, bodyOf, outgoingAgents, post } from './send';

export const RETRY_INTERVAL = 60;
/** One attempt and up to five retries. */
export const MAX_ATTEMPTS = 6;

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

export class Dispatcher implements DueWork {
  /** Attempts under way, in the order they started (so by virtual time). */
  private readonly inflight = new Map<string, Flight>();
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

  next(): number | null {
    const pending = this.core.store.pendingWebhooks.next();
    const oldest = this.inflight.values().next();
    const answer = oldest.done ? null : oldest.value.startedAt + RETRY_INTERVAL;
    if (pending === null || answer === null) return pending ?? answer;
    return Math.min(pending, answer);
  }

  async run(at: number): Promise<void> {
    for (const flight of this.inflight.values()) {
      if (flight.startedAt + RETRY_INTERVAL > at) break;
      await flight.done;
    }
    for (const record of this.core.store.pendingWebhooks.due(at)) this.attempt(record);
  }

  /** Waits for every attempt under way; answers whether there was any. */
  async settle(): Promise<boolean> {
    const any = this.inflight.size > 0;
    while (this.inflight.size > 0) await Promise.all([...this.inflight.values()].map((f) => f.done));
    return any;
  }

  /** Resolves when the current attempts of these deliveries (if any) have finished. */
  async settled(ids: string[]): Promise<void> {
    await Promise.all(ids.map((id) => this.inflight.get(id)?.done));
  }

  /** Stops: attempts under way are cut off and nothing more is recorded. */
  async close(): Promise<void> {
    this.stop.abort();
    this.sending.agents.http.destroy();
    this.sending.agents.https.destroy();
    await Promise.allSettled([...this.inflight.values()].map((f) => f.done));
  }

  private attempt(record: WebhookRecord): void {
    const at = this.core.now();
    // Not journaled: after a restart an attempt cut off is pending again, as the journal says.
    this.core.store.webhooks.putVolatile({ ...record, state: 'sending' });
    const flight: Flight = { startedAt: at, done: this.send(record.id, at) };
    this.inflight.set(record.id, flight);
    void flight.done.finally(() => {
      if (this.inflight.get(record.id) === flight) this.inflight.delete(record.id);
    });
  }

  private async send(id: string, at: number): Promise<void> {
    await this.gate.enter();
    try {
      const record = this.core.store.webhooks.get(id);
      if (!record || this.stop.signal.aborted) return; // reset or closing meanwhile
      if (record.delay_ms > 0) await sleep(record.delay_ms, undefined, { signal: this.stop.signal }).catch(() => {});
      this.finish(id, await post(record.url, record.encoding, bodyOf(record), at, this.sending));
    } finally {
      this.gate.leave();
    }
  }

  private finish(id: string, attempt: WebhookAttempt): void {
    const record = this.core.store.webhooks.get(id);
    if (record?.state !== 'sending' || this.stop.signal.aborted) return;
    const attempts = [...record.attempts, attempt];
    const status = attempt.response_status;
    const delivered = status !== null && status >= 200 && status < 300;
    const retry =
      !delivered && (status === null || status >= 500) && record.retry === '5x1m' && attempts.length < MAX_ATTEMPTS;
    this.core.store.webhooks.patch(id, {
      attempts,
      state: delivered ? 'delivered' : retry ? 'pending' : 'failed',
      next_attempt_at: retry ? attempt.at + RETRY_INTERVAL : 0,
    });
  }
}

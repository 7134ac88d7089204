// The real system a model-based money run drives: the app's routes and services on a real
// database, an emulator over real HTTP with its webhooks reaching the app's route (the app
// bridge), and a service client with a short timeout so that faults cost little time. Each run
// starts from an empty database and a new emulator whose clock starts on the same day (a shared
// clock, which only moves forward, would pass 2038 within a long soak).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { insertUser } from '@/lib/accounts/users';
import type { WindowRegistration } from '@/lib/cards/card-view';
import type { Db } from '@/lib/db/connection';
import { createIamportClient } from '@/lib/iamport';
import { type Api, createV2Provider, type PaymentProvider } from '@/lib/provider';
import { V2_WEBHOOK_PATH, WEBHOOK_PATH } from '@/test/app-bridge';
import type { AppHarness } from '@/test/app-harness';
import { startTestEmulator, type TestEmulator, type WebhookReceiver } from '@/test/emulator/kit';
import { Customer } from '@/test/kits/cards';
import { Shopper } from '@/test/kits/orders';
import { clearOverride, setOverride } from '@/test/kits/overrides';
import { Subscriber } from '@/test/kits/subscriptions';
import type { Answer } from './answers';

/** One customer of a run: the same signed-in user as card holder, shopper and subscriber. */
export interface Actor {
  customer: Customer;
  shopper: Shopper;
  subscriber: Subscriber;
}

export interface World {
  /** The API the run's shop makes new payments, keys and bookings on (PORTONE_API, set by the test file). */
  api: Api;
  app: AppHarness;
  /** The emulator's control client (see steady()). */
  emulator: TestEmulator;
  actors: Actor[];
  /** Service clock when the run started: the sweep and the checks look from here on. */
  startedAt: number;
  /** Service clock when a cancel of each subscription succeeded (cleared by a resume). */
  cancelledAt: Map<string, number>;
  /** Card windows opened and not completed yet, with whose they are. */
  openWindows: (WindowRegistration & { actor: number })[];
  /** What the run did, for the failure report. */
  log: string[];
  /** The app's answers of success that said money moved (judged by I10 at the end). */
  answers: Answer[];
  /**
   * Milliseconds to hold each of the next answers of the service (taken in order, after the service
   * processed the request): steps fired at once set them, so that one request goes on with what it
   * read while another finishes — the windows overlap opens between processes, made wide.
   */
  lateAnswers: number[];
  /** Stops the run's emulator. */
  close(): Promise<void>;
}

/** Client timeout of the runs: a fault (hang, dropped connection, late answer) costs at most this. */
export const MODEL_TIMEOUT_MS = 1_500;

const TABLES =
  'webhook_deliveries, refunds, mail_outbox, subscription_charges, subscriptions, orders, cards, sessions, identity_checks, users, plan_prices';

/** 2026-01-15 12:00 KST: every run's service clock starts here. */
const START = new Date('2026-01-15T03:00:00Z');

/**
 * A run's world on `db`, with a new emulator (the previous run's is closed) whose notices, V1's and
 * V2's, reach `bridge`. On `api` v2 the app's V2 provider is one of this emulator's V2 listener.
 */
export async function freshWorld(
  db: Db,
  bridge: WebhookReceiver,
  previous?: World,
  actors = 2,
  api: Api = 'v1',
): Promise<World> {
  await previous?.close();
  // The database first: PGlite blocks the event loop while it works (seconds, the first time), which
  // must not happen between two requests on one kept-alive connection to the in-process emulator.
  await db.execute(sql.raw(`truncate ${TABLES} cascade`));
  const started = await startTestEmulator({
    clock: { start: START, frozen: true },
    callbackUrl: `${bridge.url}${WEBHOOK_PATH}`,
    v2WebhookUrl: `${bridge.url}${V2_WEBHOOK_PATH}`,
  });
  const emulator = steady(started);
  const lateAnswers: number[] = [];
  const client = createIamportClient({
    baseUrl: emulator.url,
    key: 'test_key',
    secret: 'test_secret',
    timeoutMs: MODEL_TIMEOUT_MS,
    maxRetries: 1,
    retryDelayMs: 20,
    fetch: async (input, init) => {
      const answer = await fetch(input, init);
      const hold = lateAnswers.shift();
      if (hold) await new Promise((resolve) => setTimeout(resolve, hold));
      return answer;
    },
  });
  setOverride('iamport', client);
  // V1's client stays set on V2 too: what was made on V1 and the service clock outside refunds are V1's.
  if (api === 'v2') setOverride('providerV2', lateV2Provider(started, lateAnswers));
  const app: AppHarness = { db: () => db, emulator: () => started, client: () => client, bridge: () => bridge };
  const world: World = {
    api,
    app,
    emulator,
    actors: [],
    startedAt: await emulator.now(),
    cancelledAt: new Map(),
    openWindows: [],
    log: [],
    answers: [],
    lateAnswers,
    close: () => {
      clearOverride('iamport');
      clearOverride('providerV2');
      return started.close();
    },
  };
  for (let i = 0; i < actors; i++) {
    const user = await insertUser({
      email: `model-${randomUUID().slice(0, 8)}@example.com`,
      // Never used to sign in (sessions are started directly): no key derivation per run.
      passwordHash: 'model-run-no-password',
      name: '홍길동',
      birthday: '1990-01-01',
      gender: 'male',
      uniqueKeyHash: randomUUID(),
      uniqueInSite: randomUUID(),
      certifiedAt: world.startedAt,
    });
    const customer = await Customer.signIn(user);
    world.actors.push({ customer, shopper: Shopper.of(customer), subscriber: Subscriber.of(customer) });
  }
  return world;
}

/**
 * A V2 provider of the run's emulator with the V1 client's short timeout, each answer held as
 * `lateAnswers` asks. The V2 SDK calls the global fetch (no fetch of its own to wrap), so the hold
 * is put on each of the provider's calls after the service answered it: one request goes on with
 * what it read while another finishes, as on V1.
 */
function lateV2Provider(emulator: TestEmulator, lateAnswers: number[]): PaymentProvider {
  const v2 = createV2Provider({
    baseUrl: emulator.v2Url,
    secret: 'test_v2_api_secret',
    storeId: 'store-00000000-0000-4000-8000-000000000000',
    cardChannelKey: 'channel-key-00000000-0000-4000-8000-0000000000c1',
    webhookSecret: 'whsec_dGVzdF92Ml93ZWJob29rX3NlY3JldF8wMDAw',
    timeoutMs: MODEL_TIMEOUT_MS,
  });
  return new Proxy(v2, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || property === 'receiveNotice') return value;
      return async (...args: unknown[]) => {
        const answer: unknown = await value.apply(target, args);
        const hold = lateAnswers.shift();
        if (hold) await new Promise((resolve) => setTimeout(resolve, hold));
        return answer;
      };
    },
  });
}

/** The service's faults and delivery switch back to normal: the end of a run is a calm service. */
export async function calm(world: World): Promise<void> {
  await world.emulator.clearFaults();
  await world.emulator.setWebhookSwitch({ mode: 'normal' });
}

const isReset = (error: unknown) =>
  error instanceof TypeError && (error.cause as { code?: string } | undefined)?.code === 'ECONNRESET';

/**
 * The control client with each call sent once more when its kept-alive connection turned out to be
 * closed by the emulator before the request went out (ECONNRESET): PGlite blocks the shared event
 * loop for seconds at times, long enough for the server's keep-alive to lapse under the client. The
 * request never reached the emulator, so sending it again does nothing twice.
 */
function steady(client: TestEmulator): TestEmulator {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        try {
          return await value.apply(target, args);
        } catch (error) {
          if (!isReset(error)) throw error;
          return value.apply(target, args);
        }
      };
    },
  });
}

// Helpers for tests of other parts (the app's signup, cards, orders, subscriptions):
// start an in-process emulator on a free port with nothing persisted, and drive it over HTTP.
//
//   const emulator = await startTestEmulator({ clock: { frozen: true } });
//   const { certification } = await emulator.certify({ name: '홍길동', birthday: '1990-01-01', ... });
//   await emulator.advanceClock(3600);
//   await emulator.close();

import { EmulatorClient } from '@/emulator/client/control-client';
import type { TestCard } from '@/emulator/client/types';
import type { Emulator } from '@/emulator/core/emulator';
import { TEST_CARDS } from '@/emulator/core/service/test-cards';
import type { ClockOptions } from '@/emulator/core/time/clock';
import { defaultMerchant, type Merchant } from '@/emulator/merchants';
import { startEmulator } from '@/emulator/server';
import type { WebhookOptions } from '@/emulator/webhooks/webhook-service';

export { ControlError, EmulatorClient } from '@/emulator/client/control-client';
export type * from '@/emulator/client/types';
export {
  type ReceivedRequest,
  type ReceiverAnswer,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@/emulator/client/webhook-receiver';
export type { Fault } from '@/emulator/http/faults';
export type { Merchant };
export { TEST_CARDS };

/** Card fields for registration / key-in payment / window, valid for decades of virtual time. */
export function cardFields(card: TestCard = 'approved') {
  return { card_number: TEST_CARDS[card], expiry: '2099-12', birth: '900101', pwd_2digit: '12' };
}

export class TestEmulator extends EmulatorClient {
  constructor(
    url: string,
    readonly port: number,
    /** The in-process state, e.g. to subscribe to `core.notices`. */
    readonly core: Emulator,
    readonly close: () => Promise<void>,
    merchant: Merchant,
    /** Every route as `METHOD /pattern`. */
    readonly routes: string[] = [],
    /** The PortOne V2 API's listener of the same emulator. */
    readonly v2Url = '',
  ) {
    super(url, merchant);
  }

  /** Moves every merchant's clock forward to `at` (UNIX seconds), running everything due on the way; never back. */
  async advanceTo(at: number): Promise<void> {
    const now = await this.now();
    if (at > now) await this.advanceClock(at - now);
  }

  /** The booking (scheduled payment) the service holds under `merchantUid`, if any. */
  async schedule(merchantUid: string) {
    return (await this.schedules()).find((schedule) => schedule.merchant_uid === merchantUid);
  }
}

export interface TestEmulatorOptions {
  /** e.g. `{ frozen: true }` or `{ start: new Date('2026-01-15T03:00:00Z'), frozen: true }`; default real time. */
  clock?: ClockOptions;
  /** Default: the default merchant (with `callbackUrl` when given). The first is the client's merchant. */
  merchants?: Merchant[];
  /**
   * The default merchant's webhook URL. Without it a test emulator sends its webhooks to a closed
   * port (refused at once), never to an app that happens to run on the default port 3000.
   */
  callbackUrl?: string;
  /** The default merchant's V2 webhook URL; likewise a closed port without it. */
  v2WebhookUrl?: string;
  /** Webhook attempt timeout (default 10 s) and concurrency. */
  webhooks?: WebhookOptions;
}

/** Nothing listens on port 1 (tcpmux is long dead): a connection there is refused at once. */
export const NOWHERE_URL = 'http://127.0.0.1:1/no-callback-configured';

/** An emulator on a free port, in memory; `close()` it when done. */
export async function startTestEmulator(options: TestEmulatorOptions = {}): Promise<TestEmulator> {
  const merchants = options.merchants ?? [
    defaultMerchant(options.callbackUrl ?? NOWHERE_URL, options.v2WebhookUrl ?? NOWHERE_URL),
  ];
  const running = await startEmulator({
    port: 0,
    dataDir: ':memory:',
    clock: options.clock,
    merchants,
    webhooks: options.webhooks,
  });
  const merchant = merchants[0] ?? defaultMerchant();
  return new TestEmulator(
    running.url,
    running.port,
    running.core,
    running.close,
    merchant,
    running.routes,
    running.v2Url,
  );
}

/** A client of an emulator already running elsewhere (e.g. the e2e one). */
export const connectEmulator = (url: string, merchant?: Merchant) => new EmulatorClient(url, merchant);

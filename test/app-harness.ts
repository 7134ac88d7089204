// Server tests of the app's flows: a fresh database (see test/db.ts) and a real emulator on a
// free port, with the app's default service client pointed at it.
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '@/lib/db/connection';
import { createIamportClient, type IamportClient } from '@/lib/iamport';
import { createV2Provider } from '@/lib/provider';
import {
  startTestEmulator,
  type TestEmulator,
  type TestEmulatorOptions,
  type WebhookReceiver,
} from '@/test/emulator/kit';
import { startAppBridge, V2_WEBHOOK_PATH, WEBHOOK_PATH } from './app-bridge';
import { setupTestDatabase } from './db';
import { clearOverride, setOverride } from './kits/overrides';

export interface AppHarness {
  db(): Db;
  emulator(): TestEmulator;
  client(): IamportClient;
  /** With `bridge: true`: the app's service-facing routes over HTTP (see test/app-bridge.ts). */
  bridge(): WebhookReceiver;
}

export interface AppTestOptions extends TestEmulatorOptions {
  /** The emulator's webhooks (and collection checks) reach the app's routes over real HTTP. */
  bridge?: boolean;
}

export function setupAppTest({ bridge: withBridge = false, ...options }: AppTestOptions = {}): AppHarness {
  const database = setupTestDatabase();
  let emulator: TestEmulator | undefined;
  let client: IamportClient | undefined;
  let bridge: WebhookReceiver | undefined;
  beforeAll(async () => {
    if (withBridge) bridge = await startAppBridge();
    emulator = await startTestEmulator({
      ...options,
      callbackUrl: bridge && `${bridge.url}${WEBHOOK_PATH}`,
      v2WebhookUrl: bridge && `${bridge.url}${V2_WEBHOOK_PATH}`,
    });
    client = createIamportClient({ baseUrl: emulator.url, key: 'test_key', secret: 'test_secret', timeoutMs: 2_000 });
    setOverride('iamport', client);
    // V2 (PORTONE_API=v2, or a record made on V2) on the same emulator's V2 listener, its default store.
    setOverride(
      'providerV2',
      createV2Provider({
        baseUrl: emulator.v2Url,
        secret: 'test_v2_api_secret',
        storeId: 'store-00000000-0000-4000-8000-000000000000',
        cardChannelKey: 'channel-key-00000000-0000-4000-8000-0000000000c1',
        webhookSecret: 'whsec_dGVzdF92Ml93ZWJob29rX3NlY3JldF8wMDAw',
        timeoutMs: 2_000,
      }),
    );
  });
  afterAll(async () => {
    clearOverride('iamport');
    clearOverride('providerV2');
    await emulator?.close();
    await bridge?.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the app harness is not ready yet');
    return value;
  };
  return {
    db: () => database.current().db,
    emulator: () => ready(emulator),
    client: () => ready(client),
    bridge: () => ready(bridge),
  };
}

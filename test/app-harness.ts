// Server tests of the app's flows: a fresh database (see test/db.ts) and a real emulator on a
// free port, with the app's default service client pointed at it.
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '@/lib/db/connection';
import { createIamportClient, type IamportClient } from '@/lib/iamport';
import {
  startTestEmulator,
  type TestEmulator,
  type TestEmulatorOptions,
  type WebhookReceiver,
} from '@/test/emulator/kit';
import { startAppBridge, WEBHOOK_PATH } from './app-bridge';
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
    emulator = await startTestEmulator({ ...options, callbackUrl: bridge && `${bridge.url}${WEBHOOK_PATH}` });
    client = createIamportClient({ baseUrl: emulator.url, key: 'test_key', secret: 'test_secret', timeoutMs: 2_000 });
    setOverride('iamport', client);
  });
  afterAll(async () => {
    clearOverride('iamport');
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

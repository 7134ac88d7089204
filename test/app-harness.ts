// Server tests of the app's flows: a fresh database (see test/db.ts) and a real emulator on a
// free port, with the app's default service client pointed at it.
import { afterAll, beforeAll } from 'vitest';
import { startTestEmulator, type TestEmulator, type TestEmulatorOptions } from '@/emulator/testing';
import type { Db } from '@/lib/db/client';
import { createIamportClient, type IamportClient, useIamportForTests } from '@/lib/iamport';
import { setupTestDatabase } from './db';

export interface AppHarness {
  db(): Db;
  emulator(): TestEmulator;
  client(): IamportClient;
}

export function setupAppTest(options: TestEmulatorOptions = {}): AppHarness {
  const database = setupTestDatabase();
  let emulator: TestEmulator | undefined;
  let client: IamportClient | undefined;
  beforeAll(async () => {
    emulator = await startTestEmulator(options);
    client = createIamportClient({ baseUrl: emulator.url, key: 'test_key', secret: 'test_secret', timeoutMs: 2_000 });
    useIamportForTests(client);
  });
  afterAll(async () => {
    await emulator?.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the app harness is not ready yet');
    return value;
  };
  return { db: () => database.current().db, emulator: () => ready(emulator), client: () => ready(client) };
}

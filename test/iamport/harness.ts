import 'server-only';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createIamportClient, type IamportClient } from '@/lib/iamport/service-client';
import { cardFields, startTestEmulator, type TestCard, type TestEmulator } from '@/test/emulator/kit';

// The client against a real emulator started in the test's process on a free port: real HTTP, the
// token rules on the emulator's virtual clock, its test cards and its fault injection, driven by
// the emulator's own test helper. The only instrument is a wrapper around the real fetch that
// records what the client sends.

// Long enough that a busy CI machine stalling the event loop (the emulator runs in this process) is
// not taken for a hang; the fault tests wait this long per attempt.
export const timeoutMs = 1500;
export const uid = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;
export { cardFields };

export interface Harness {
  emulator: TestEmulator;
  /** A fresh client per test, talking to the emulator through a recording fetch. */
  client: IamportClient;
  /** `METHOD /path` of every request the client sent in this test. */
  sent: string[];
}

/** Starts an emulator for the file, a fresh client for every test, and clears injected faults. */
export function withEmulator(): Harness {
  const harness = { sent: [] as string[] } as Harness;
  beforeAll(async () => {
    harness.emulator = await startTestEmulator();
  });
  afterAll(() => harness.emulator.close());
  beforeEach(async () => {
    await harness.emulator.clearFaults();
    harness.sent.length = 0;
    harness.client = createIamportClient({
      baseUrl: harness.emulator.url,
      key: 'test_key',
      secret: 'test_secret',
      timeoutMs,
      retryDelayMs: 10,
      fetch: (input, init) => {
        harness.sent.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
        return fetch(input, init);
      },
    });
  });
  return harness;
}

/** Every payment the emulator holds for an order number: how "charged once" is checked. */
export const paymentsFor = async (harness: Harness, merchant_uid: string) =>
  (await harness.emulator.payments()).filter((payment) => payment.merchant_uid === merchant_uid);

export const countSent = (harness: Harness, request: string) => harness.sent.filter((line) => line === request).length;

/** A customer_uid with a test card registered under it. */
export async function registered(harness: Harness, card: TestCard = 'approved'): Promise<string> {
  const customer_uid = uid('cust');
  const result = await harness.client.billingKeys.register({ customer_uid, ...cardFields(card) });
  expect(result.outcome).toBe('issued');
  return customer_uid;
}

export const chargeAgain = (harness: Harness, customer_uid: string, merchant_uid = uid('order'), amount = 1000) =>
  harness.client.charges.again({ customer_uid, merchant_uid, amount, name: '월 구독' });

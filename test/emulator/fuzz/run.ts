// The fuzzer: random requests (requests.ts) against an in-process emulator over real HTTP, each
// answer checked against the contract (contract.ts), Object.prototype checked after each. A
// breach fails with fast-check's seed and the shrunk request; injected faults are cleared before
// every case so that a fuzzed POST /__emulator/api/faults cannot pass for a 5xx of the emulator.
import fc from 'fast-check';
import { startTestEmulator } from '../kit';
import { breach } from './contract';
import { fuzzRequest } from './requests';

export interface FuzzReport {
  cases: number;
  /** Answers by status class, e.g. { '2xx': 812, '4xx': 9188 }. */
  statuses: Record<string, number>;
  seconds: number;
}

const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).join();

export async function fuzzEmulator(numRuns: number, options: { seed?: number } = {}): Promise<FuzzReport> {
  const emulator = await startTestEmulator({ webhooks: { timeoutMs: 500 } });
  const started = performance.now();
  const statuses: Record<string, number> = {};
  const clean = prototypeKeys();
  try {
    const token = (await emulator.getToken()).access_token;
    const property = fc.asyncProperty(fuzzRequest(emulator.routes, token), async (request) => {
      await emulator.clearFaults();
      const res = await fetch(`${emulator.url}${request.path}`, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(20_000),
      });
      const text = await res.text();
      const kind = `${String(res.status).charAt(0)}xx`;
      statuses[kind] = (statuses[kind] ?? 0) + 1;
      const problem = breach(request, { status: res.status, type: res.headers.get('content-type') ?? '', text });
      if (problem) throw new Error(`${problem}\n  answer: ${res.status} ${text.slice(0, 300)}`);
      if (prototypeKeys() !== clean) throw new Error(`Object.prototype changed: ${prototypeKeys()}`);
    });
    await fc.assert(property, { numRuns, seed: options.seed, endOnFailure: numRuns > 1000 });
    const health = await fetch(`${emulator.url}/__emulator/api/health`);
    if (health.status !== 200) throw new Error(`health answered ${health.status} after fuzzing`);
    return { cases: numRuns, statuses, seconds: (performance.now() - started) / 1000 };
  } finally {
    await emulator.close();
  }
}

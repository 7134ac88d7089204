// The service client against an in-process emulator: 1,000 sequential and 1,000 concurrent reads.
// Targets: 1 token request in all, 1.0 HTTP request per read, and under 0.5 ms p50 added by the
// client (validation, token, envelope and record parsing) over a raw fetch of the same URL.

import { createIamportClient } from '@/lib/iamport/service-client';
import { defaultMerchant } from '../emulator/merchants';
import { startEmulator } from '../emulator/server';
import { NOWHERE_URL } from '../test/emulator/kit';

const reads = 1000;
const warmup = 200;

// The default merchant with its webhooks sent nowhere: never to an app running on port 3000.
const emulator = await startEmulator({ port: 0, dataDir: ':memory:', merchants: [defaultMerchant(NOWHERE_URL)] });
try {
  const credentials = { baseUrl: emulator.url, key: 'test_key', secret: 'test_secret' };

  // A payment to read, made by a separate client so the measured one starts cold.
  const setup = createIamportClient(credentials);
  const card = { card_number: '4242-4242-4242-4242', expiry: '2099-12', birth: '900101', pwd_2digit: '12' };
  await setup.billingKeys.register({ customer_uid: 'bench-customer', ...card });
  const charge = await setup.charges.again({
    customer_uid: 'bench-customer',
    merchant_uid: `bench-${Date.now()}`,
    amount: 1000,
    name: 'benchmark',
  });
  if (charge.outcome !== 'paid') throw new Error(`setup charge ended ${charge.outcome}`);
  const { imp_uid } = charge.payment;

  // Counts what the measured client puts on the wire (an instrumented fetch, not a double).
  const sent = { token: 0, other: 0 };
  const client = createIamportClient({
    ...credentials,
    fetch: (input, init) => {
      if (new URL(String(input)).pathname === '/users/getToken') sent.token += 1;
      else sent.other += 1;
      return fetch(input, init);
    },
  });
  const read = () => client.payments.get({ imp_uid });

  // The baseline: the same request with the same token, by hand, and JSON.parse of the body.
  const tokenAnswer = await fetch(`${emulator.url}/users/getToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ imp_key: 'test_key', imp_secret: 'test_secret' }),
  });
  const { response: token } = (await tokenAnswer.json()) as { response: { access_token: string } };
  const rawRead = async () => {
    const response = await fetch(`${emulator.url}/payments/${imp_uid}`, {
      headers: { accept: 'application/json', authorization: `Bearer ${token.access_token}` },
    });
    return response.json();
  };

  const time = async (operation: () => Promise<unknown>) => {
    const started = performance.now();
    await operation();
    return performance.now() - started;
  };
  for (let i = 0; i < warmup; i += 1) {
    await rawRead();
    await read();
  }
  const warm = { ...sent };

  // Sequential, interleaved with the baseline so both see the same machine load.
  const clientTimes: number[] = [];
  const rawTimes: number[] = [];
  for (let i = 0; i < reads; i += 1) {
    if (i % 2 === 0) {
      rawTimes.push(await time(rawRead));
      clientTimes.push(await time(read));
    } else {
      clientTimes.push(await time(read));
      rawTimes.push(await time(rawRead));
    }
  }
  const sequential = { token: sent.token - warm.token, other: sent.other - warm.other };

  // Concurrent: bursts of `reads` at once, alternating with the baseline; the median burst of each
  // (the first raw burst opens the sockets and is not counted).
  const bursts = 5;
  const burst = async (operation: () => Promise<unknown>) =>
    time(() => Promise.all(Array.from({ length: reads }, operation)));
  await burst(rawRead);
  const before = { ...sent };
  const clientBursts: number[] = [];
  const rawBursts: number[] = [];
  for (let i = 0; i < bursts; i += 1) {
    clientBursts.push(await burst(read));
    rawBursts.push(await burst(rawRead));
  }
  const concurrent = { token: sent.token - before.token, other: (sent.other - before.other) / bursts };
  const concurrentMs = percentile(clientBursts, 50);
  const rawConcurrentMs = percentile(rawBursts, 50);

  const clientP50 = percentile(clientTimes, 50);
  const rawP50 = percentile(rawTimes, 50);
  const added = clientP50 - rawP50;
  const rows: Array<[string, string, string]> = [
    ['token requests, whole run (incl. warm-up)', String(sent.token), 'target 1'],
    ['HTTP requests per read, sequential', (sequential.other / reads).toFixed(3), 'target 1.0'],
    ['HTTP requests per read, concurrent', (concurrent.other / reads).toFixed(3), 'target 1.0'],
    ['sequential read p50 / p99, client', `${clientP50.toFixed(3)} / ${percentile(clientTimes, 99).toFixed(3)} ms`, ''],
    ['sequential read p50 / p99, raw fetch', `${rawP50.toFixed(3)} / ${percentile(rawTimes, 99).toFixed(3)} ms`, ''],
    ['latency added by the client, p50', `${added.toFixed(3)} ms`, 'target < 0.5 ms'],
    [`${reads} concurrent reads, median wall time, client`, `${concurrentMs.toFixed(1)} ms`, ''],
    [`${reads} concurrent reads, median wall time, raw fetch`, `${rawConcurrentMs.toFixed(1)} ms`, ''],
  ];
  for (const [name, value, target] of rows) console.log(`${name.padEnd(52)} ${value.padStart(18)}  ${target}`);

  const met = sent.token === 1 && sequential.other === reads && concurrent.other === reads && added < 0.5;
  console.log(met ? 'all targets met' : 'TARGET MISSED');
  process.exitCode = met ? 0 : 1;
} finally {
  await emulator.close();
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

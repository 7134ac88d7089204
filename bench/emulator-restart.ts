// A fresh process that opens the emulator's state in a data directory and reports how long the
// start took and the memory it holds after it (the store benchmark runs it as a child).
import { performance } from 'node:perf_hooks';
import { Emulator } from '../emulator/core/emulator';

const started = performance.now();
const core = new Emulator({ dataDir: process.argv[2] ?? '' });
const ms = performance.now() - started;
(globalThis as { gc?: () => void }).gc?.();
const rss = process.memoryUsage().rss;
console.log(JSON.stringify({ ms, rss, payments: core.store.payments.size, webhooks: core.store.webhooks.size }));
core.close();

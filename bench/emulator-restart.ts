// A fresh process that opens the emulator's state in a data directory and reports how long the
// start took and the memory it holds after it (the store benchmark runs it as a child).
import { performance } from 'node:perf_hooks';
import { Emulator } from '../emulator/core/emulator';
import { registerDueWork } from '../emulator/core/service/due-work';

const started = performance.now();
const cpuBefore = process.cpuUsage();
// As the server opens it: the state, then the service's work on each merchant's clock.
const core = new Emulator({ dataDir: process.argv[2] ?? '' });
registerDueWork(core);
const ms = performance.now() - started;
// CPU time (this process's threads, the garbage collector's included): what the start costs when
// the machine is shared, where the wall time also counts waiting for a core.
const used = process.cpuUsage(cpuBefore);
const cpuMs = (used.user + used.system) / 1000;
(globalThis as { gc?: () => void }).gc?.();
const rss = process.memoryUsage().rss;
console.log(JSON.stringify({ ms, cpuMs, rss, payments: core.store.payments.size, webhooks: core.store.webhooks.size }));
core.close();

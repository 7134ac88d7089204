// What the server benchmarks share: starting and stopping their processes, the CPU time a process
// (and its children) has used, a load driver, and the load average printed beside every figure.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

export const ROOT = path.join(import.meta.dirname, '..');

export const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

const children: ChildProcess[] = [];

/** A child in its own process group (`next start` has workers), stdout ignored, stderr shown. */
export function start(command: string, args: string[], env: Record<string, string>, cwd = ROOT): ChildProcess {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  children.push(child);
  return child;
}

export function stop(child: ChildProcess | undefined) {
  if (child && child.exitCode === null && child.signalCode === null && child.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
  }
}

/** Resolves when the child has exited, or after 10 s. */
export const exited = (child: ChildProcess | undefined) =>
  child?.exitCode === null &&
  child.signalCode === null &&
  new Promise((resolve) => {
    child.once('exit', resolve);
    setTimeout(resolve, 10_000).unref();
  });

export function stopAll() {
  for (const child of children) stop(child);
}

/** CPU seconds used so far by a process and its descendants (Linux /proc; 0 elsewhere). */
export function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const tick = 100; // USER_HZ
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    let total = (Number(fields[11]) + Number(fields[12])) / tick;
    const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    for (const kid of kids) total += cpuSeconds(Number(kid));
    return total;
  } catch {
    return 0;
  }
}

/** Waits until something accepts connections on the port (the database server). */
export async function waitForPort(port: number, child: ChildProcess) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`port ${port}: the server exited (${child.exitCode})`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => resolve(socket.end() && true));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function waitFor(url: string, child: ChildProcess) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export interface Driven {
  /** Each call's milliseconds, in the order they ended. */
  times: number[];
  perSecond: number;
  p50: number;
  p99: number;
  wall: number;
}

/** Runs `total` calls, `concurrency` at a time; answers the rate, p50 and p99 in ms, and the wall time in s. */
export async function drive(total: number, concurrency: number, call: (i: number) => Promise<void>): Promise<Driven> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t = performance.now();
        await call(i);
        times.push(performance.now() - t);
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { times, perSecond: total / wall, p50: at(0.5), p99: at(0.99), wall };
}

/** CPU seconds each watched process spends while `work` runs (the work's own answer beside them). */
export async function measured<T, K extends string>(
  watched: Record<K, number | undefined>,
  work: () => Promise<T>,
): Promise<{ result: T; cpu: Record<K, number> }> {
  const keys = Object.keys(watched) as K[];
  const before = keys.map((key) => cpuSeconds(watched[key]));
  const result = await work();
  const cpu = {} as Record<K, number>;
  keys.forEach((key, i) => {
    cpu[key] = cpuSeconds(watched[key]) - (before[i] ?? 0);
  });
  return { result, cpu };
}

/** A webhook receiver that answers 200 at once and keeps the notices' bodies (the emulator's callback in the benchmarks). */
export async function noticeSink(port: number) {
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    bodies,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Monotonic microseconds on the clock V8's CPU profiles use (CLOCK_MONOTONIC on Linux). */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

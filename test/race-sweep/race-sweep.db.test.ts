// Issue 31: the race sweep. Every money-moving route (races.ts) fired ten times at once over real
// HTTP — on one app instance, and across two: this process's and a second in a child process of its
// own on the same database and emulator — as the customer and as operators; then the service's
// record is checked against the answers and the database. Money moves once per decision, and an
// answer of success names only money the service moved.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForDatabase } from '@/lib/db/connection';
import { type SignedInOperator, signedInOperator } from '@/test/kits/ops';
import { setupSubscriptionTest } from '@/test/kits/subscriptions';
import { type Running, start, stopGroup } from '@/test/processes/processes';
import { type AppInstance, startAppInstance } from './app-instance';
import { type Fired, races, type Shot } from './races';

const AT_ONCE = 10;
const app = setupSubscriptionTest();
let first: AppInstance | undefined;
let second: { url: string; running: Running } | undefined;
let operator: SignedInOperator;

/** The second instance: the same routes in a process of its own, reaching the test's database and emulator. */
async function startSecondInstance(): Promise<{ url: string; running: Running }> {
  const { url: databaseUrl } = await waitForDatabase(5_000, () => {});
  const running = start(process.execPath, ['--import', 'tsx', 'test/race-sweep/instance-process.ts'], {
    ...process.env,
    // As Vitest loads the app: `server-only` as an empty module (tsconfig paths), React's client build.
    TSX_TSCONFIG_PATH: 'test/race-sweep/tsconfig.json',
    DATABASE_URL: databaseUrl,
    IMP_API_URL: app.emulator().url,
    APP_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'imp-race-')),
    MAIL_WORKER: 'off',
  });
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    const line = running
      .output()
      .split('\n')
      .find((l) => l.startsWith('{"url"'));
    if (line) return { url: (JSON.parse(line) as { url: string }).url, running };
    if (running.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the second instance did not start:\n${running.output()}`);
}

beforeAll(async () => {
  first = await startAppInstance();
  second = await startSecondInstance();
  operator = await signedInOperator('admin');
}, 90_000);

afterAll(async () => {
  await first?.close();
  if (second) {
    stopGroup(second.running, 'SIGTERM');
    await second.running.exited;
  }
});

/** The shot fired `AT_ONCE` times at once, spread over `origins` in turn, as pages on each would send it. */
async function fire(shot: Shot, origins: string[]): Promise<Fired[]> {
  return Promise.all(
    Array.from({ length: AT_ONCE }, async (_, i) => {
      const origin = origins[i % origins.length] ?? '';
      const response = await fetch(`${origin}${shot.path}`, {
        method: shot.method,
        headers: {
          origin,
          cookie: shot.cookie,
          ...(shot.body !== undefined && { 'content-type': 'application/json' }),
        },
        body: shot.body === undefined ? undefined : JSON.stringify(shot.body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : {}) as Fired['body'] };
    }),
  );
}

const layouts: [string, () => string[]][] = [
  ['one instance', () => [first?.url ?? '']],
  ['two instances', () => [first?.url ?? '', second?.url ?? '']],
];

describe.each(layouts)('%s', (_layout, origins) => {
  it.each(races.map((race) => [race.name, race] as const))(
    `%s: fired ${AT_ONCE} times at once`,
    async (_name, race) => {
      const { shot, check } = await race.prepare(app, operator);
      const answers = await fire(shot, origins());
      // Never a crash: a refusal the app can explain at worst.
      expect(answers.filter((a) => a.status >= 500).map((a) => a.body)).toEqual([]);
      await check(answers);
    },
  );
});

import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { processAlive } from './process-alive';

/**
 * What `npm run dev` / `npm start` started (scripts/run-all.mjs writes it beside the embedded
 * database's server file and removes it when it stops): the emulator's, the mail catcher's and the
 * app's URLs. A command run in another terminal with no variables then reaches the same processes,
 * as it finds the database through the server file. Only what the runner itself started is there:
 * never a real service's URL or an SMTP password.
 */
export interface RunningShop {
  pid: number;
  variables: Partial<Record<(typeof FILLED)[number], string>>;
}

export const runningShopFile = (appDataDir: string) => path.resolve(appDataDir, 'running-shop.json');

/** Each variable the file may fill, with the port variable that also decides it (set: the file is not used). */
const FILLED = ['IMP_API_URL', 'NEXT_PUBLIC_IMP_SCRIPT_URL', 'SMTP_URL', 'APP_URL'] as const;
const DECIDED_BY: Record<(typeof FILLED)[number], string> = {
  IMP_API_URL: 'EMULATOR_PORT',
  NEXT_PUBLIC_IMP_SCRIPT_URL: 'EMULATOR_PORT',
  SMTP_URL: 'MAIL_CATCHER_SMTP_PORT',
  APP_URL: 'PORT',
};

function read(appDataDir: string): RunningShop | undefined {
  try {
    const shop = JSON.parse(readFileSync(runningShopFile(appDataDir), 'utf8')) as RunningShop;
    return Number.isInteger(shop.pid) && processAlive(shop.pid) ? shop : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `source` with the running shop's URLs filled in where neither the variable nor its port is set.
 * Tests (NODE_ENV=test) never read it: a developer's `npm run dev` must not steer them.
 */
export function withRunningShop(source: Record<string, string | undefined>): Record<string, string | undefined> {
  if (source.NODE_ENV === 'test') return source;
  const set = (name: string) => Boolean(source[name]);
  if (FILLED.every((name) => set(name) || set(DECIDED_BY[name]))) return source;
  const shop = read(source.APP_DATA_DIR || '.data/app');
  if (!shop) return source;
  const filled: Record<string, string> = {};
  for (const name of FILLED) {
    const value = shop.variables[name];
    if (value && !set(name) && !set(DECIDED_BY[name])) filled[name] = value;
  }
  return { ...source, ...filled };
}

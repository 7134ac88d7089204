// The @clock specs' app and emulator. Each such spec moves its merchant's virtual clock, so it runs
// on the app of its Playwright worker slot (playwright.config.ts clockApps): a merchant of its own
// that no other running test uses. Specs import `test` from here (its baseURL is that app) and
// `clockEmulator`, whose clock calls and lists are that merchant's. The `v2` project's tests run on
// the V2 app, a merchant of its own too, one test at a time: there `clockEmulator` is that merchant's.
import { test as base } from '@playwright/test';
import { clockApps, type E2eApp, emulatorUrl, mainApp, v2App } from '../../playwright.config';
import { connectEmulator } from '../../test/emulator/kit';

/** The app the running test uses: its worker slot's clock app in the clock project, the V2 app in v2, else the main app. */
export function currentApp(): E2eApp {
  const info = base.info();
  if (info.project.name === 'v2') return v2App;
  if (info.project.name !== 'clock') return mainApp;
  const app = clockApps[info.parallelIndex];
  if (!app) {
    throw new Error(
      `no clock app for worker slot ${info.parallelIndex}: playwright.config.ts starts one per worker (${clockApps.length}); run with --workers ${clockApps.length} or fewer`,
    );
  }
  return app;
}

export const test = base.extend({
  baseURL: async ({ baseURL }, use) => use(base.info().project.name === 'clock' ? currentApp().url : baseURL),
});
export { expect } from '@playwright/test';

const emulator = connectEmulator(emulatorUrl);
const code = () => currentApp().merchant.code;

/** The emulator as the running test's merchant sees it: its clock, its payments and schedules. */
export const clockEmulator = {
  now: () => emulator.now(code()),
  advanceClock: (seconds: number) => emulator.advanceClock(seconds, code()),
  payments: () => emulator.payments(code()),
  schedules: () => emulator.schedules(code()),
};

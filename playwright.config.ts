import { defineConfig, devices } from '@playwright/test';
import { derivedV2 } from './emulator/merchants';

// Ports apart from `npm run dev` (3000/4010) so tests can run while the dev servers are up.
const appPort = Number(process.env.E2E_APP_PORT ?? 3100);
const emulatorPort = Number(process.env.E2E_EMULATOR_PORT ?? 4100);
export const appUrl = `http://127.0.0.1:${appPort}`;
export const emulatorUrl = `http://127.0.0.1:${emulatorPort}`;
/** The emulator's PortOne V2 listener: the port after V1's (EMULATOR_V2_PORT is not set here). */
export const emulatorV2Url = `http://127.0.0.1:${emulatorPort + 1}`;
// The mail catcher the app sends to (SMTP) and the specs read (web API); apart from dev's 1025/1080.
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 1125);
const mailWebPort = Number(process.env.E2E_MAIL_WEB_PORT ?? 1180);
export const mailUrl = `http://127.0.0.1:${mailWebPort}`;
// The embedded database servers of the e2e apps (one each); apart from dev's 5433.
const dbPort = Number(process.env.E2E_DB_PORT ?? 5100);
export const dataDir = `.data/e2e-${appPort}`;
/** The console's operator for e2e specs. */
export const E2E_OPERATOR = 'ops-e2e@shop.example';
/** Operators' routes in e2e (a price change is set through them while the app runs). */
export const E2E_OPERATOR_TOKEN = 'e2e-operator-token-0123456789';

/** An app under e2e: its port, its data (database, operator.txt) and the emulator merchant it is. */
export interface E2eApp {
  port: number;
  dbPort: number;
  url: string;
  dataDir: string;
  merchant: { code: string; key: string; secret: string };
}
const WORKERS = 2;
/** Every spec but the @clock ones runs on this app, the emulator's default merchant. */
export const mainApp: E2eApp = {
  port: appPort,
  dbPort,
  url: appUrl,
  dataDir,
  merchant: { code: 'imp00000000', key: 'test_key', secret: 'test_secret' },
};
/**
 * The @clock specs move their merchant's virtual clock. Each runs on the app of its worker slot
 * (e2e/support/clock-app.ts), a merchant of its own that no other test uses at the same time: so
 * they run in parallel with everything else (ports E2E_APP_PORT + 1 …).
 */
export const clockApps: E2eApp[] = Array.from({ length: WORKERS }, (_, i) => ({
  port: appPort + 1 + i,
  dbPort: dbPort + 1 + i,
  url: `http://127.0.0.1:${appPort + 1 + i}`,
  dataDir: `${dataDir}/clock-${i + 1}`,
  merchant: { code: `imp0000000${i + 1}`, key: `e2e_clock_key_${i + 1}`, secret: `e2e_clock_secret_${i + 1}` },
}));
const webhookUrl = (app: E2eApp) => `${app.url}/api/webhooks/iamport`;
/**
 * The shop on PortOne V2 (PORTONE_API=v2): the @v2 specs run on it, against the emulator's V2
 * listener. A merchant of its own (one slot after the clock apps'), so the @v2 specs that move the
 * clock (a renewal, a pro-rata refund) age nobody else's certifications or tokens. Ports after the
 * clock apps'.
 */
const v2Port = appPort + 1 + WORKERS;
export const v2App: E2eApp = {
  port: v2Port,
  dbPort: dbPort + 1 + WORKERS,
  url: `http://127.0.0.1:${v2Port}`,
  dataDir: `${dataDir}/v2`,
  merchant: { code: `imp${String(1 + WORKERS).padStart(8, '0')}`, key: 'e2e_v2_key', secret: 'e2e_v2_secret' },
};
/**
 * The V2 app's store as the emulator makes it for a merchant of EMULATOR_MERCHANTS (store id, API
 * and webhook secrets derived from the merchant's; webhooks to /api/webhooks/portone beside the
 * V1 callback): the app is configured with it, the specs read the V2 API with its secret.
 */
export const v2Store = derivedV2(v2App.merchant.code, v2App.merchant.secret, webhookUrl(v2App));

/** The embedded database server of an app, on a fresh data directory; closed cleanly (its lock file removed), not killed. */
const databaseServer = (app: E2eApp) => ({
  command: `rm -rf ${app.dataDir}/app && exec node --conditions=react-server --import tsx scripts/db-server.ts`,
  port: app.dbPort,
  env: { APP_DATA_DIR: `${app.dataDir}/app`, DB_PORT: String(app.dbPort) },
  reuseExistingServer: false,
  timeout: 120_000,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
});

/**
 * An app server on its database: one admin made with `npm run operators` (through the database
 * server) before the app starts, its one-time password in a file the console's spec reads
 * (e2e/support/operators.ts); then `next start` on the production build (made by `npm test`).
 */
const appServer = (app: E2eApp) => ({
  command: `mkdir -p ${app.dataDir} && node_modules/.bin/tsx --conditions=react-server scripts/operators.ts add ${E2E_OPERATOR} --role admin > ${app.dataDir}/operator.txt && exec node_modules/.bin/next start --port ${app.port}`,
  url: `${app.url}/api/health`,
  env: {
    NEXT_TELEMETRY_DISABLED: '1',
    APP_DATA_DIR: `${app.dataDir}/app`,
    IMP_API_URL: emulatorUrl,
    IMP_KEY: app.merchant.key,
    IMP_SECRET: app.merchant.secret,
    NEXT_PUBLIC_IMP_CODE: app.merchant.code,
    NEXT_PUBLIC_IMP_SCRIPT_URL: `${emulatorUrl}/v1/iamport.js`,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    APP_URL: app.url,
    // Mail is looked for often and the emulator's clock re-read soon after a spec moves it.
    MAIL_POLL_MS: '300',
    MAIL_CLOCK_CHECK_MS: '500',
    OPERATOR_TOKEN: E2E_OPERATOR_TOKEN,
    // Every app reads V2 records on the e2e emulator (a V1 shop still receives the V2 notices of its
    // merchant's store); the V2 app runs on V2, on its own merchant's store.
    PORTONE_V2_API_URL: emulatorV2Url,
    ...(app === v2App && {
      PORTONE_API: 'v2',
      PORTONE_STORE_ID: v2Store.store_id,
      PORTONE_V2_API_SECRET: v2Store.api_secret,
      PORTONE_WEBHOOK_SECRET: v2Store.webhook_secret,
    }),
  },
  reuseExistingServer: false,
  // Upper bound: creating the operator migrates the database, then next start (~90 s together at load average 25).
  timeout: 180_000,
});

const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' },
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Upper bounds, not waits: a whole signup-to-purchase flow takes ~15 s on an idle machine and
  // over 30 s at load average 14 on two cores; tests wait for conditions, these only cap them.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: true,
  workers: WORKERS,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: '.test-reports/playwright.json' }]],
  use: {
    baseURL: appUrl,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // Specs tagged @clock move a merchant's virtual clock (a month at a time): each on its worker
    // slot's own app and merchant (clockApps), so they age nobody else's certifications or tokens
    // and run beside any other spec. Listed first, so these long flows start first.
    { name: 'clock', grep: /@clock/, use: browser },
    // Specs tagged @v2 run on the shop switched to PortOne V2 (v2App). Some move its merchant's
    // clock (a renewal, a refund half a period on), which would age a certification or window
    // another V2 test has open: one worker, so V2 tests run one after another. The suite keeps both
    // workers busy (the other runs the other projects meanwhile), and no extra app is started.
    { name: 'v2', grep: /@v2/, workers: 1, use: { ...browser, baseURL: v2App.url } },
    { name: 'chromium', grepInvert: /@clock|@v2/, use: browser },
  ],
  // A production build (made by `npm test`), the emulator and the databases, each on a fresh data
  // directory. Started one after another in this order, each once it answers.
  webServer: [
    ...[mainApp, ...clockApps, v2App].map(databaseServer),
    {
      command: 'exec node_modules/.bin/tsx mail-catcher/main.ts',
      url: `${mailUrl}/api/health`,
      env: { MAIL_CATCHER_SMTP_PORT: String(smtpPort), MAIL_CATCHER_WEB_PORT: String(mailWebPort) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `rm -rf ${dataDir}/emulator && exec node_modules/.bin/tsx emulator/main.ts`,
      url: `${emulatorUrl}/__emulator/api/health`,
      env: {
        EMULATOR_PORT: String(emulatorPort),
        EMULATOR_DATA_DIR: `${dataDir}/emulator`,
        EMULATOR_CALLBACK_URL: webhookUrl(mainApp),
        // The default merchant's V2 notices (e2e/emulator/v2-windows.spec.ts) go beside its V1
        // ones, to the main app; each listed merchant's to its own app (emulator/merchants.ts derivedV2).
        EMULATOR_MERCHANTS: [...clockApps, v2App]
          .map((app) => `${app.merchant.code}:${app.merchant.key}:${app.merchant.secret}:${webhookUrl(app)}`)
          .join(' '),
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
    ...[mainApp, ...clockApps, v2App].map(appServer),
  ],
});

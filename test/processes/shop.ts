// The whole shop as `npm run dev` / `npm start` runs it (scripts/run-all.mjs in start mode, over
// the production build `npm test` makes first): database server (unless DATABASE_URL), emulator,
// mail catcher and app, on free ports and a temporary data directory.
import path from 'node:path';
import { answers, freePort, type Running, shellEnv, start, stopGroup, waitFor } from './processes';

export interface Shop {
  app: string;
  emulator: string;
  /** The emulator's PortOne V2 listener. */
  emulatorV2: string;
  mail: string;
  dataDir: string;
  runner: Running;
  /**
   * Another terminal where nothing is set but the data directory (the default `.data/app` of a
   * merchant's clone; DATABASE_URL on PostgreSQL): commands find the database, the emulator and
   * the mail catcher through the files the runner and the database server write.
   */
  commandEnv: NodeJS.ProcessEnv;
  /** Another terminal with the variables the shop was started with exported (its moved ports). */
  portEnv: NodeJS.ProcessEnv;
  /** Ctrl-C: the runner stops everything; resolves with its exit status. */
  stop(): Promise<number | string>;
}

export interface ShopOptions {
  dataDir: string;
  /** PostgreSQL; unset: the embedded database server. */
  databaseUrl?: string;
  /** Settings of the merchant's own (PORTONE_API=v2, say), on top of the moved ports. */
  settings?: Record<string, string>;
}

const portsOf = new Map<string, Record<string, number>>();

/** Starts the shop and waits until the app answers its health check (which reads the database). */
export async function startShop({ dataDir, databaseUrl, settings }: ShopOptions): Promise<Shop> {
  // The same ports again when the shop restarts on the same directory, as a merchant's would.
  let ports = portsOf.get(dataDir);
  if (!ports) {
    // The emulator's V2 listener too: the port after a free one need not be free.
    ports = { app: 0, emulator: 0, emulatorV2: 0, smtp: 0, mailWeb: 0, db: 0 };
    for (const name of Object.keys(ports)) ports[name] = await freePort();
    portsOf.set(dataDir, ports);
  }
  const app = `http://127.0.0.1:${ports.app}`;
  const emulator = `http://127.0.0.1:${ports.emulator}`;
  const mail = `http://127.0.0.1:${ports.mailWeb}`;
  const appDataDir = path.join(dataDir, 'app');
  const moved = {
    PORT: String(ports.app),
    EMULATOR_PORT: String(ports.emulator),
    EMULATOR_V2_PORT: String(ports.emulatorV2),
    MAIL_CATCHER_SMTP_PORT: String(ports.smtp),
    MAIL_CATCHER_WEB_PORT: String(ports.mailWeb),
    DB_PORT: String(ports.db),
    APP_DATA_DIR: appDataDir,
    DATABASE_URL: databaseUrl,
  };
  // The URLs are left to what the ports make of them, in the shop and in the other terminal.
  const unset = {
    SMTP_URL: undefined,
    IMP_API_URL: undefined,
    NEXT_PUBLIC_IMP_SCRIPT_URL: undefined,
    APP_URL: undefined,
  };
  const runner = start(
    process.execPath,
    ['scripts/run-all.mjs', 'start'],
    shellEnv({
      ...moved,
      ...unset,
      EMULATOR_DATA_DIR: path.join(dataDir, 'emulator'),
      // Receipts go out only from `npm run jobs`, the deployment layout docs/architecture.md describes.
      MAIL_WORKER: 'off',
      MAIL_POLL_MS: '300',
      ...settings,
    }),
  );
  const stop = async () => {
    stopGroup(runner, 'SIGINT');
    return runner.exited;
  };
  try {
    await waitFor(
      'the shop to start',
      async () => {
        if (runner.child.exitCode !== null) throw new Error(`the runner exited:\n${runner.output()}`);
        return (await answers(`${app}/api/health`)) && (await answers(`${mail}/api/health`));
      },
      240_000,
    );
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${runner.output()}`);
  }
  return {
    app,
    emulator,
    emulatorV2: `http://127.0.0.1:${ports.emulatorV2}`,
    mail,
    dataDir: appDataDir,
    runner,
    stop,
    commandEnv: shellEnv({
      ...unset,
      PORT: undefined,
      EMULATOR_PORT: undefined,
      MAIL_CATCHER_SMTP_PORT: undefined,
      APP_DATA_DIR: appDataDir,
      DATABASE_URL: databaseUrl,
      MAIL_POLL_MS: '300',
    }),
    portEnv: shellEnv({ ...moved, ...unset, MAIL_POLL_MS: '300' }),
  };
}

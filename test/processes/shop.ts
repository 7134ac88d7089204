// The whole shop as `npm run dev` / `npm start` runs it (scripts/run-all.mjs in start mode, over
// the production build `npm test` makes first): database server (unless DATABASE_URL), emulator,
// mail catcher and app, on free ports and a temporary data directory.
import path from 'node:path';
import { answers, freePort, type Running, shellEnv, start, stopGroup, waitFor } from './processes';

export interface Shop {
  app: string;
  emulator: string;
  mail: string;
  dataDir: string;
  runner: Running;
  /** What a command in another terminal needs: the data directory and, for this test's ports, the service and SMTP. */
  commandEnv: NodeJS.ProcessEnv;
  /** Ctrl-C: the runner stops everything; resolves with its exit status. */
  stop(): Promise<number | string>;
}

export interface ShopOptions {
  dataDir: string;
  /** PostgreSQL; unset: the embedded database server. */
  databaseUrl?: string;
}

const portsOf = new Map<string, Record<string, number>>();

/** Starts the shop and waits until the app answers its health check (which reads the database). */
export async function startShop({ dataDir, databaseUrl }: ShopOptions): Promise<Shop> {
  // The same ports again when the shop restarts on the same directory, as a merchant's would.
  let ports = portsOf.get(dataDir);
  if (!ports) {
    ports = { app: 0, emulator: 0, smtp: 0, mailWeb: 0, db: 0 };
    for (const name of Object.keys(ports)) ports[name] = await freePort();
    portsOf.set(dataDir, ports);
  }
  const app = `http://127.0.0.1:${ports.app}`;
  const emulator = `http://127.0.0.1:${ports.emulator}`;
  const mail = `http://127.0.0.1:${ports.mailWeb}`;
  const appDataDir = path.join(dataDir, 'app');
  const runner = start(
    process.execPath,
    ['scripts/run-all.mjs', 'start'],
    shellEnv({
      PORT: String(ports.app),
      EMULATOR_PORT: String(ports.emulator),
      EMULATOR_DATA_DIR: path.join(dataDir, 'emulator'),
      MAIL_CATCHER_SMTP_PORT: String(ports.smtp),
      MAIL_CATCHER_WEB_PORT: String(ports.mailWeb),
      DB_PORT: String(ports.db),
      APP_DATA_DIR: appDataDir,
      APP_URL: app,
      DATABASE_URL: databaseUrl,
      // Receipts go out only from `npm run jobs`, the deployment layout docs/architecture.md describes.
      MAIL_WORKER: 'off',
      MAIL_POLL_MS: '300',
      SMTP_URL: undefined,
      IMP_API_URL: undefined,
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
    mail,
    dataDir: appDataDir,
    runner,
    stop,
    commandEnv: shellEnv({
      APP_DATA_DIR: appDataDir,
      DATABASE_URL: databaseUrl,
      IMP_API_URL: emulator,
      SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
      MAIL_POLL_MS: '300',
    }),
  };
}

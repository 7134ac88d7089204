// The app waits for its database at start (DB_WAIT_MS), so the order in which processes start does
// not matter; with none coming, it stops with what to do.
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import {
  answers,
  freePort,
  type Running,
  shellEnv,
  startDatabaseServer,
  startNextApp,
  stoppedAfter,
  temporaryDirectory,
  waitFor,
} from './processes';

const started = stoppedAfter(afterEach);

function startApp(env: NodeJS.ProcessEnv, port: number): Running {
  const app = startNextApp(port, env);
  started.push(app);
  return app;
}

it('an app started before its database waits, then serves once the database is up', async () => {
  const appDataDir = path.join(temporaryDirectory(), 'app');
  const port = await freePort();
  const app = startApp(shellEnv({ APP_DATA_DIR: appDataDir, MAIL_WORKER: 'off' }), port);
  await waitFor('the app to wait for the database', () => app.output().includes('waiting for the database'));

  const env = shellEnv({ APP_DATA_DIR: appDataDir, DB_PORT: String(await freePort()) });
  // Stopped after the app, which the list stops first (it stops the last started first).
  started.unshift(startDatabaseServer(env));
  await waitFor('the app to serve', () => answers(`http://127.0.0.1:${port}/api/health`));
  expect(app.output()).toContain('database embedded PGlite server');
});

it('with no database coming, the app stops after DB_WAIT_MS saying what to do', async () => {
  const appDataDir = path.join(temporaryDirectory(), 'app');
  const app = startApp(shellEnv({ APP_DATA_DIR: appDataDir, DB_WAIT_MS: '2000' }), await freePort());
  expect(await app.exited).toBe(1);
  expect(app.output()).toContain(
    `imp-checkout: cannot start.\nno database is running for ${appDataDir}: start it with npm run dev`,
  );
  expect(app.output()).not.toMatch(/^\s+at /m);
});

// The app waits for its database at start (DB_WAIT_MS), so the order in which processes start does
// not matter; with none coming, it stops with what to do.
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import {
  answers,
  freePort,
  ROOT,
  type Running,
  shellEnv,
  start,
  stopGroup,
  temporaryDirectory,
  waitFor,
} from './processes';

const started: Running[] = [];
afterEach(async () => {
  for (const child of started.splice(0)) {
    stopGroup(child, 'SIGTERM');
    await child.exited;
  }
});

function startApp(env: NodeJS.ProcessEnv, port: number): Running {
  const app = start(path.join(ROOT, 'node_modules', '.bin', 'next'), ['start', '--port', String(port)], env);
  started.push(app);
  return app;
}

it('an app started before its database waits, then serves once the database is up', async () => {
  const appDataDir = path.join(temporaryDirectory(), 'app');
  const port = await freePort();
  const app = startApp(shellEnv({ APP_DATA_DIR: appDataDir, MAIL_WORKER: 'off' }), port);
  await waitFor('the app to wait for the database', () => app.output().includes('waiting for the database'));

  const env = shellEnv({ APP_DATA_DIR: appDataDir, DB_PORT: String(await freePort()) });
  started.push(start(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/db-server.ts'], env));
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

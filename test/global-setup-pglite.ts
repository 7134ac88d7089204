import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { connectPool } from '@/lib/db/connection';
import { serveDatabase } from '@/lib/db/embedded/server';
import { migrate } from '@/lib/db/migrate';

// Creating a PGlite database costs seconds; migrate one (over the wire, as the app does) and let
// every test file load its dump.
export default async function setup(project: TestProject) {
  const client = new PGlite();
  const served = await serveDatabase(client);
  const handle = await connectPool(served.url);
  await migrate(handle.pool);
  await handle.close();
  await served.stop();
  const dump = await client.dumpDataDir('none');
  await client.close();
  const templatePath = path.join(tmpdir(), `imp-checkout-pglite-${process.pid}.tar`);
  writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDb', { engine: 'pglite', templatePath });
  return () => rmSync(templatePath, { force: true });
}

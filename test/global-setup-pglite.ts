import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { TestProject } from 'vitest/node';
import { migratePglite } from '@/lib/db/migrate';

// Creating a PGlite database costs seconds; migrate one and let every test file load its dump.
export default async function setup(project: TestProject) {
  const client = new PGlite();
  await migratePglite(drizzle(client));
  const dump = await client.dumpDataDir('none');
  await client.close();
  const templatePath = path.join(tmpdir(), `imp-checkout-pglite-${process.pid}.tar`);
  writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDb', { engine: 'pglite', templatePath });
  return () => rmSync(templatePath, { force: true });
}

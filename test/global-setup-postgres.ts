import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '@/lib/db/migrate';
import { databaseUrl } from './database-url';

// One migrated template database per run; each test file gets `create database … template …`.
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const prefix = `imp_t_${process.pid}_`;
  const template = `${prefix}template`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  const pool = new pg.Pool({ connectionString: databaseUrl(adminUrl, template), max: 1 });
  await migrate(pool);
  await pool.end();
  project.provide('testDb', { engine: 'postgres', adminUrl, template, prefix });

  return async () => {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [
      `${prefix}%`,
    ]);
    for (const { datname } of rows) await admin.query(`drop database "${datname}" with (force)`);
    await admin.end();
  };
}

// A process test's own database on the PostgreSQL server the run was given (`inject('postgresUrl')`,
// see test/global-setup-processes.ts): created empty for the processes under test, dropped after.
import pg from 'pg';

async function asAdmin(adminUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(statement);
  await admin.end();
}

/** Creates an empty database named after `prefix`, this process and the time; answers its URL. */
export async function createDatabase(adminUrl: string, prefix: string): Promise<string> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  await asAdmin(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops the database `databaseUrl` names, whoever is still connected to it. */
export async function dropDatabase(adminUrl: string, databaseUrl: string) {
  await asAdmin(adminUrl, `drop database if exists "${new URL(databaseUrl).pathname.slice(1)}" with (force)`);
}

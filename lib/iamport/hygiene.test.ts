import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createFakeService, envelope } from '@/test/doubles/iamport-service';
import { createIamportClient } from './service-client';

const here = import.meta.dirname;
const root = path.join(here, '../..');
const files = readdirSync(here, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
const modules = files.filter((file) => !file.endsWith('.test.ts'));

/** Test files a file names (in comments, say), e.g. `test/iamport/faults.test.ts`. */
const namedTestFiles = (text: string) => text.match(/[\w./-]+\.test\.tsx?\b/g) ?? [];

describe('lib/iamport hygiene', () => {
  it.each(modules)('%s is server-only', (file) => {
    expect(readFileSync(path.join(here, file), 'utf8').startsWith("import 'server-only';")).toBe(true);
  });

  it('finds the test files a comment names', () => {
    expect(namedTestFiles('// is in test/iamport/charges.test.ts, or ./http.test.ts.')).toEqual([
      'test/iamport/charges.test.ts',
      './http.test.ts',
    ]);
  });

  it.each(files)('%s names only test files that exist', (file) => {
    const dir = path.dirname(path.join(here, file));
    const missing = namedTestFiles(readFileSync(path.join(here, file), 'utf8')).filter(
      (named) => ![dir, here, root].some((base) => existsSync(path.join(base, named))),
    );
    expect(missing).toEqual([]);
  });

  it('never shows the secret or the token: not when printed, not in any error', async () => {
    const secret = 'SECRET-7f3a';
    const fake = createFakeService({
      now: 1_700_000_000,
      handle: () => envelope(null, { status: 500, code: -1, message: 'boom' }),
    });
    const client = createIamportClient({
      baseUrl: 'http://service.test',
      key: 'key',
      secret,
      fetch: fake.fetch,
      retryDelayMs: 0,
    });
    const errors = await Promise.all([
      client.payments.get({ imp_uid: 'imp_1' }).catch((e: unknown) => e),
      client.charges.again({ customer_uid: 'c', merchant_uid: 'm', amount: 1, name: 'n' }).catch((e: unknown) => e),
    ]);
    const token = 'token-1'; // what the double issued
    const printed = [
      inspect(client, { depth: null, showHidden: true }),
      ...errors.map((e) => inspect(e, { depth: null })),
    ];
    for (const text of printed) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(token);
    }
    expect(fake.requests.some((r) => r.authorization === `Bearer ${token}`)).toBe(true);
  });
});

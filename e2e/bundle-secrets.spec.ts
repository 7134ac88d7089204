import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// Everything under .next/static is served to browsers. `npm test` builds with a recognisable
// IMP_SECRET; neither it nor the emulator's default secret may appear there.
const secrets = ['e2e_secret_must_not_ship_9c1f', 'test_secret'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

test('no REST secret is in the client bundle', () => {
  const files = filesUnder(path.join('.next', 'static'));
  expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  for (const file of files) {
    const text = readFileSync(file, 'latin1');
    for (const secret of secrets) expect(text.includes(secret), `${secret} found in ${file}`).toBe(false);
  }
});

// Without a merchant list, startEmulator() stores the default merchant with its callback at
// http://127.0.0.1:3000/api/webhooks/iamport: a test or benchmark started that way sends its
// webhooks to whatever dev app runs on port 3000. Every call in the repository must say where its
// merchants' webhooks go (tests: defaultMerchant(NOWHERE_URL) or a receiver; startTestEmulator()
// does that by itself).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const skipped = new Set(['node_modules', '.next', '.data', '.git', 'test-results', 'playwright-report', 'dist']);
const self = path.relative(root, import.meta.filename);

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : sources(relative);
    return /\.(ts|tsx|mts|mjs|js)$/.test(entry.name) && relative !== self ? [relative] : [];
  });
}

/** The argument text of every call `name(...)` in `text` (declarations excluded). */
function callArguments(text: string, name: string): string[] {
  const found: string[] = [];
  const pattern = new RegExp(`(?<!function\\s+)\\b${name}\\(`, 'g');
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    let depth = 1;
    let end = pattern.lastIndex;
    while (end < text.length && depth > 0) {
      if (text[end] === '(') depth += 1;
      else if (text[end] === ')') depth -= 1;
      end += 1;
    }
    found.push(text.slice(pattern.lastIndex, end - 1));
  }
  return found;
}

describe('no emulator sends webhooks to port 3000 by default', () => {
  it('finds calls and their arguments', () => {
    const text = 'export async function startEmulator(o = {}) {}\nawait startEmulator({ port: 0, f: g(1) });\n';
    expect(callArguments(text, 'startEmulator')).toEqual(['{ port: 0, f: g(1) }']);
  });

  const calls = sources('.').flatMap((file) =>
    callArguments(readFileSync(path.join(root, file), 'utf8'), 'startEmulator').map((args) => ({ file, args })),
  );

  it('the scan sees the known callers', () => {
    const files = new Set(calls.map((call) => call.file));
    for (const file of ['test/emulator/kit.ts', 'emulator/persistence.test.ts', 'bench/iamport-client.bench.ts']) {
      expect(files).toContain(file);
    }
  });

  it('every startEmulator() call passes its merchants', () => {
    const bare = calls.filter((call) => !/\bmerchants\b/.test(call.args));
    expect(bare.map((call) => `${call.file}: startEmulator(${call.args.replace(/\s+/g, ' ')})`)).toEqual([]);
  });
});

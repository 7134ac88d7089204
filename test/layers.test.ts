// The layers of lib/ (.dependency-cruiser.cjs, drawn in docs/architecture.md), checked by
// dependency-cruiser over every production module of lib/, emulator/ and mail-catcher/, type imports
// included; and the public faces from app/, components/ and the commands, which it cannot parse (TSX).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
  cycle?: { name: string }[];
}

const root = path.resolve(import.meta.dirname, '..');
const depcruise = path.join(root, 'node_modules/.bin/depcruise');

function violations(cwd: string, dirs: string[]): string[] {
  const config = path.join(root, '.dependency-cruiser.cjs');
  const out = execFileSync(depcruise, [...dirs, '--config', config, '--output-type', 'json'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const found: Violation[] = JSON.parse(out).summary.violations;
  return found.map((v) => `${v.rule.name}: ${v.from} → ${v.cycle ? v.cycle.map((c) => c.name).join(' → ') : v.to}`);
}

describe('layers', () => {
  it('lib/, emulator/ and mail-catcher/ keep every rule: layer order, no circles, public faces', () => {
    expect(violations(root, ['lib', 'emulator', 'mail-catcher'])).toEqual([]);
  });

  it('the rules catch an upward import, a circle and an import past a face (files made for them)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'layers-'));
    const file = (name: string, text: string) => {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    };
    file('tsconfig.json', JSON.stringify({ compilerOptions: { paths: { '@/*': ['./*'] } } }));
    file('lib/orders/index.ts', "export { openOrder } from './open';\n");
    file('lib/orders/open.ts', 'export const openOrder = 1;\n');
    // cards sits below orders: a type import is enough to break the order
    file(
      'lib/cards/index.ts',
      "import type { openOrder } from '@/lib/orders';\nexport type Card = typeof openOrder;\n",
    );
    // db reaches past cards' face
    file('lib/db/index.ts', "export { secret } from '@/lib/accounts/inner';\n");
    file('lib/accounts/inner.ts', 'export const secret = 2;\n');
    file('lib/accounts/index.ts', "export { secret } from './inner';\n");
    file('lib/payments/a.ts', "import { b } from './b';\nexport const a = b;\n");
    file('lib/payments/b.ts', "import type { a } from './a';\nexport const b = 3 as unknown as typeof a;\n");
    expect(violations(dir, ['lib']).sort()).toEqual([
      'layer-1-imports-above: lib/db/index.ts → lib/accounts/inner.ts',
      'layer-7-imports-above: lib/cards/index.ts → lib/orders/index.ts',
      'no-circular: lib/payments/a.ts → lib/payments/b.ts → lib/payments/a.ts',
      'past-a-public-face: lib/db/index.ts → lib/accounts/inner.ts',
    ]);
  });
});

/** Every module a file names: `import … from`, `export … from`, `import '…'` and `import('…')`, type-only ones too. */
const specifiers = (source: string) =>
  [...source.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map(([, specifier]) => specifier ?? '');

function productionFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((file) => path.join(dir, file))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
}

/** A specifier naming a file inside a folder of lib/ rather than its index.ts or client.ts. */
function pastAFace(file: string, specifier: string): boolean {
  const target = specifier.startsWith('.')
    ? path.relative(root, path.resolve(root, path.dirname(file), specifier))
    : specifier.replace(/^@\//, '');
  const inside = /^lib\/[^/]+\/(.+)$/.exec(target);
  return Boolean(inside && !/^(index|client)$/.test(inside[1] ?? ''));
}

describe('public faces from outside lib/', () => {
  it.each(['app', 'components', 'scripts'])('%s/ imports lib/ folders only through index.ts or client.ts', (dir) => {
    const offenders = productionFiles(dir).flatMap((file) =>
      specifiers(readFileSync(path.join(root, file), 'utf8'))
        .filter((specifier) => pastAFace(file, specifier))
        .map((specifier) => `${file} → ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('so do proxy.ts and instrumentation.ts, and the check sees a deep import', () => {
    for (const file of ['proxy.ts', 'instrumentation.ts']) {
      expect(specifiers(readFileSync(path.join(root, file), 'utf8')).filter((s) => pastAFace(file, s))).toEqual([]);
    }
    expect(pastAFace('app/page.tsx', '@/lib/orders/checkout')).toBe(true);
    expect(pastAFace('app/page.tsx', '@/lib/orders')).toBe(false);
    expect(pastAFace('app/page.tsx', '@/lib/orders/client')).toBe(false);
    expect(pastAFace('app/page.tsx', '@/lib/env')).toBe(false);
  });
});

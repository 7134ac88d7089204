// No import circle anywhere in lib/ or emulator/ (issues 23 and 26), nothing in the emulator's
// production code imports test code, and nothing outside lib/subscriptions reaches past its public
// entry point. The detector itself is tried on a circle made for it.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, runtimeImports } from './import-cycles';

describe('import circles', () => {
  it('none inside lib/', () => {
    expect(importCycles(['lib'])).toEqual([]);
  });

  it('none inside emulator/', () => {
    expect(importCycles(['emulator'])).toEqual([]);
  });

  it("the emulator's production code imports no test code (test/, vitest, its own *.test.ts)", () => {
    const offenders: string[] = [];
    for (const file of readdirSync('emulator', { recursive: true, encoding: 'utf8' })) {
      const full = path.join('emulator', file);
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file) || full.startsWith('emulator/dist/')) continue;
      const source = readFileSync(full, 'utf8');
      const test = /from '(?:@\/test\/[^']*|vitest|[^']*\/test\/[^']*|[^']*\.test)'/.exec(source);
      if (test) offenders.push(`${full} → ${test[0]}`);
    }
    expect(offenders).toEqual([]);
  });

  it('the detector finds a circle, and leaves type-only imports out', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'cycles-'));
    mkdirSync(path.join(root, 'lib'));
    writeFileSync(path.join(root, 'lib/a.ts'), "import { b } from './b';\nexport const a = b;\n");
    writeFileSync(path.join(root, 'lib/b.ts'), "import { c } from '@/lib/c';\nexport const b = c;\n");
    writeFileSync(path.join(root, 'lib/c.ts'), "import { a } from './a';\nexport const c = () => a;\n");
    writeFileSync(
      path.join(root, 'lib/d.ts'),
      "import type { a } from './a';\nimport { type b } from './b';\nexport type D = [a, b];\n",
    );
    expect(importCycles(['lib'], root)).toEqual([['lib/a.ts', 'lib/b.ts', 'lib/c.ts']]);
    expect(runtimeImports(path.join(root, 'lib/d.ts'), root)).toEqual([]);
  });
});

it('outside lib/subscriptions, only its index (and, for lib/cards, card-dependency) is imported', () => {
  const allowed = /^@\/lib\/subscriptions(?:'|\/card-dependency')/;
  const offenders: string[] = [];
  for (const dir of ['app', 'components', 'lib', 'scripts']) {
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      const full = path.join(dir, file);
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file) || full.startsWith('lib/subscriptions/')) continue;
      for (const [, target] of readFileSync(full, 'utf8').matchAll(/from '(@\/lib\/subscriptions[^']*')/g)) {
        if (!allowed.test(target ?? '')) offenders.push(`${full} → ${target}`);
      }
    }
  }
  expect(offenders).toEqual([]);
});

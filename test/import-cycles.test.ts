// No import circle anywhere in lib/ or emulator/ (issues 23 and 26); production code (lib/,
// components/, app/, emulator/) imports no test code and lib/ imports nothing from app/, so test kits,
// doubles and harnesses live under test/ (issue 26); production code exports no setter for tests,
// which reach the app's connections through one seam (lib/overrides.ts, issue 34). Public faces and
// layers: test/layers.test.ts. The detectors themselves are tried on files made for them.
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

/** Every module a file names: `import … from`, `export … from`, `import '…'` and `import('…')`, type-only ones too. */
function specifiers(source: string): string[] {
  return [...source.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map(
    ([, specifier]) => specifier ?? '',
  );
}

/** Test code: anything under test/, Vitest, a *.test.* file, a test kit or a test double. */
const TEST_CODE = /^@\/test\/|\/test\/|^vitest(?:\/|$)|\.test(?:\.tsx?)?$|test-kit|test-double/;

/** Whether `specifier`, imported by `file` (a path from the repository root), names a module under app/. */
function intoApp(file: string, specifier: string): boolean {
  const target = specifier.startsWith('.')
    ? path.relative('.', path.resolve(path.dirname(file), specifier))
    : specifier.replace(/^@\//, '');
  return target === 'app' || target.startsWith('app/');
}

/** The production sources under `dir`: .ts and .tsx files other than tests (and the emulator's build output). */
function productionFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => path.join(dir, file))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('emulator/dist/'));
}

/** Names a source exports that end in ForTests: setters for tests belong behind the seam (lib/overrides.ts). */
function exportedForTests(source: string): string[] {
  const declared = [
    ...source.matchAll(/\bexport\s+(?:default\s+)?(?:async\s+)?(?:function\s*\*?|const|let|var)\s*(\w+ForTests)\b/g),
  ].map(([, name]) => name ?? '');
  const listed = [...source.matchAll(/\bexport\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap(([, names]) =>
    (names ?? '').split(',').flatMap((part) =>
      part
        .trim()
        .split(/\s+as\s+/)
        .filter((name) => /ForTests$/.test(name)),
    ),
  );
  return [...declared, ...listed];
}

describe('tests apart from production code', () => {
  it.each(['lib', 'components', 'app', 'emulator'])(
    '%s/ imports no test code (test/, vitest, *.test.*, test kits or doubles)',
    (dir) => {
      const offenders = productionFiles(dir).flatMap((file) =>
        specifiers(readFileSync(file, 'utf8'))
          .filter((specifier) => TEST_CODE.test(specifier))
          .map((specifier) => `${file} → ${specifier}`),
      );
      expect(offenders).toEqual([]);
    },
  );

  it.each(['lib', 'components', 'app', 'emulator'])('%s/ holds no test kit or test double', (dir) => {
    expect(productionFiles(dir).filter((file) => /test-kit|test-double/.test(file))).toEqual([]);
  });

  it('nothing under lib/ imports from app/ (route handlers are driven from test/kits)', () => {
    const offenders = productionFiles('lib').flatMap((file) =>
      specifiers(readFileSync(file, 'utf8'))
        .filter((specifier) => intoApp(file, specifier))
        .map((specifier) => `${file} → ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it.each(['lib', 'components', 'app', 'emulator'])(
    '%s/ exports no setter for tests (no name ending in ForTests; tests use test/kits/overrides.ts)',
    (dir) => {
      const offenders = productionFiles(dir).flatMap((file) =>
        exportedForTests(readFileSync(file, 'utf8')).map((name) => `${file}: ${name}`),
      );
      expect(offenders).toEqual([]);
    },
  );

  it('the ForTests check sees every way of exporting one', () => {
    const source = [
      'export function setIamportForTests(client: unknown) {}',
      'export async function resetForTests() {}',
      'export const useDatabaseForTests = () => {};',
      'function setMailTransportForTests() {}',
      'export { setMailTransportForTests };',
      'function hidden() {}',
      'export { hidden as clearForTests };',
      'export function forTestsAreFine() {}',
      'const keptForTests = 1;',
    ].join('\n');
    expect(exportedForTests(source)).toEqual([
      'setIamportForTests',
      'resetForTests',
      'useDatabaseForTests',
      'setMailTransportForTests',
      'clearForTests',
    ]);
  });

  it('the checks see every way of naming test code and app/', () => {
    const source = [
      "import { a } from '@/test/factories';",
      "import type { B } from '../../test/kits/orders';",
      "export { c } from './cards-test-kit';",
      "import { d } from '@/test/doubles/iamport-service';",
      "import 'vitest';",
      "const e = await import('vitest/config');",
      "import { f } from './thing.test';",
      "import { GET } from '@/app/api/orders/route';",
      "import { ok } from '@/lib/orders/checkout';",
      "import { TEST_CARDS } from './test-cards';",
    ].join('\n');
    const found = specifiers(source);
    expect(found).toHaveLength(10);
    expect(found.filter((specifier) => TEST_CODE.test(specifier))).toEqual([
      '@/test/factories',
      '../../test/kits/orders',
      './cards-test-kit',
      '@/test/doubles/iamport-service',
      'vitest',
      'vitest/config',
      './thing.test',
    ]);
    expect(found.filter((specifier) => intoApp('lib/orders/kit.ts', specifier))).toEqual(['@/app/api/orders/route']);
    expect(intoApp('lib/orders/kit.ts', '../../app/api/orders/route')).toBe(true);
    expect(intoApp('lib/orders/kit.ts', '../app-settings')).toBe(false);
  });
});

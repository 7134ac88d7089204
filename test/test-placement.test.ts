// Tests beside what they test (issue 34): a test that drives the app's route handlers — itself or
// through a kit that does — lives in test/routes/ (or beside its route under app/), never under
// lib/, which sits below app/ and does not import it. docs/testing.md, "Where test code lives".
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// `from '…'`, `import '…'` and `import('…')`; type-only imports count too: they tie lib/ to app/ all the same.
const SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g;
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function filesUnder(root: string, dir: string): string[] {
  if (!existsSync(path.join(root, dir))) return [];
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

/** The project files (paths from `root`) that `file` imports. */
function importsOf(root: string, file: string): string[] {
  const source = readFileSync(path.join(root, file), 'utf8');
  return [...source.matchAll(SPECIFIER)].flatMap(([, specifier = '']) => {
    const base = specifier.startsWith('@/')
      ? specifier.slice(2)
      : specifier.startsWith('.')
        ? path.join(path.dirname(file), specifier)
        : undefined;
    if (base === undefined) return [];
    const found = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base].find(
      (candidate) => existsSync(path.join(root, candidate)) && statSync(path.join(root, candidate)).isFile(),
    );
    // A route that does not resolve (a typo, a moved file) still names app/.
    return [found ?? path.normalize(base)];
  });
}

const inApp = (file: string) => file.startsWith('app/');

/**
 * The helpers under test/ that drive route handlers: those that import one (test/app-bridge.ts,
 * most kits), and the kits built on them. test/app-harness.ts imports the bridge but serves it only
 * on `bridge: true`, so a test asking for that counts as driving the routes.
 */
function routeDrivers(root: string): Set<string> {
  const helpers = filesUnder(root, 'test').filter((file) => !isTest(file));
  const drivers = new Set(helpers.filter((file) => importsOf(root, file).some(inApp)));
  const kits = helpers.filter((file) => file.startsWith('test/kits/'));
  for (let grew = true; grew; ) {
    grew = false;
    for (const kit of kits) {
      if (drivers.has(kit) || !importsOf(root, kit).some((target) => drivers.has(target))) continue;
      drivers.add(kit);
      grew = true;
    }
  }
  return drivers;
}

/** Each test under lib/ that drives route handlers, with what gives it away. */
function misplacedTests(root: string): string[] {
  const drivers = routeDrivers(root);
  return filesUnder(root, 'lib')
    .filter(isTest)
    .flatMap((file) => {
      const reasons = importsOf(root, file).filter((target) => inApp(target) || drivers.has(target));
      if (/\bbridge:\s*true\b/.test(readFileSync(path.join(root, file), 'utf8'))) reasons.push('bridge: true');
      return reasons.length > 0 ? [`${file} → ${[...new Set(reasons)].join(', ')}`] : [];
    });
}

describe('test placement', () => {
  it('no test under lib/ drives a route handler, itself or through a kit', () => {
    expect(misplacedTests(process.cwd())).toEqual([]);
  });

  it('the check sees a route imported directly, through a kit, through a kit on a kit, and the bridge', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'test-placement-'));
    const write = (file: string, source: string) => {
      mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(root, file), source);
    };
    try {
      write('app/api/orders/route.ts', 'export const GET = () => new Response();\n');
      write('test/app-bridge.ts', "export { GET } from '@/app/api/orders/route';\n");
      write('test/app-harness.ts', "import { GET } from './app-bridge';\nexport const setupAppTest = () => GET;\n");
      write('test/factories.ts', 'export const user = {};\n');
      write('test/kits/cards.ts', "import { GET } from '../../app/api/orders/route';\nexport const c = GET;\n");
      write('test/kits/orders.ts', "import { c } from '@/test/kits/cards';\nexport const o = c;\n");
      write('test/kits/mail.ts', "import { user } from '@/test/factories';\nexport const m = user;\n");
      write('lib/orders/direct.db.test.ts', "import type { GET } from '@/app/api/orders/route';\n");
      write('lib/orders/kit.db.test.ts', "import { o } from '@/test/kits/orders';\n");
      write(
        'lib/orders/bridge.db.test.ts',
        "import { setupAppTest } from '@/test/app-harness';\nsetupAppTest({ bridge: true });\n",
      );
      write('lib/orders/harness.db.test.ts', "import { setupAppTest } from '@/test/app-harness';\nsetupAppTest();\n");
      write('lib/mail/mail.db.test.ts', "import { m } from '@/test/kits/mail';\n");
      write('lib/orders/unit.test.ts', "import { dynamic } from './unit';\nawait import('@/app/api/orders/route');\n");
      expect(misplacedTests(root).sort()).toEqual([
        'lib/orders/bridge.db.test.ts → bridge: true',
        'lib/orders/direct.db.test.ts → app/api/orders/route.ts',
        'lib/orders/kit.db.test.ts → test/kits/orders.ts',
        'lib/orders/unit.test.ts → app/api/orders/route.ts',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

// Builds the package (run by `npm pack` and `npm run build`): the emulator's TypeScript bundled to
// plain JavaScript in dist/ (index.js, the programmatic API; cli.js, the command; shared chunks),
// its dependencies left to node_modules, and type declarations in dist/types/ whose relative
// imports name their .js files (so projects on `moduleResolution: node16` resolve them too).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const dist = path.join(here, 'dist');
const { version } = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: { index: path.join(here, 'index.ts'), cli: path.join(here, 'cli.ts') },
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  chunkNames: 'chunks/[name]-[hash]',
  define: { 'process.env.IAMPORT_EMULATOR_VERSION': JSON.stringify(version) },
  logLevel: 'warning',
});

// typescript's `exports` hides bin/; its package.json is exported, and bin/tsc sits beside it.
const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
execFileSync(process.execPath, [tsc, '-p', path.join(here, 'tsconfig.build.json')], { stdio: 'inherit' });

/** `from './server'` → `from './server.js'` (or `./api/index.js` for a folder) in every declaration. */
function nameFiles(dir) {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) nameFiles(file);
    else if (file.endsWith('.d.ts')) {
      const relative = /(from |import\()(['"])(\.{1,2}\/[^'"]*)\2/g;
      const text = readFileSync(file, 'utf8').replace(relative, (whole, lead, quote, spec) => {
        const target = path.resolve(dir, spec);
        if (existsSync(`${target}.d.ts`)) return `${lead}${quote}${spec}.js${quote}`;
        if (existsSync(path.join(target, 'index.d.ts'))) return `${lead}${quote}${spec}/index.js${quote}`;
        return whole;
      });
      writeFileSync(file, text);
    }
  }
}
nameFiles(path.join(dist, 'types'));

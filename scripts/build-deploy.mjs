// Runs after `next build` (`npm run build`): completes the deploy layout the README's "Deploy"
// section describes.
// - .next/standalone: one app instance (`npm run start:app`). Next copies only the server and the
//   packages it uses; the browser's files (.next/static, public) and the migrations it runs at
//   start (drizzle/, read from its working directory) are put beside it here.
// - dist/commands/*.mjs: the worker and the merchant's commands as plain JavaScript, so a server
//   runs them with `npm ci --omit=dev` (no tsx). Our code is bundled; packages stay imports of the
//   runtime `dependencies`. They run with the react-server condition, as under Next.
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.join(import.meta.dirname, '..');
const standalone = path.join(root, '.next', 'standalone');
if (!existsSync(path.join(standalone, 'server.js'))) {
  console.error('build-deploy: no .next/standalone/server.js: run `next build` first (with output: standalone)');
  process.exit(1);
}

for (const [from, to] of [
  ['.next/static', '.next/standalone/.next/static'],
  ['public', '.next/standalone/public'],
  ['drizzle', '.next/standalone/drizzle'],
]) {
  rmSync(path.join(root, to), { recursive: true, force: true });
  if (existsSync(path.join(root, from))) cpSync(path.join(root, from), path.join(root, to), { recursive: true });
}

export const commands = ['jobs', 'reconcile', 'operators', 'plans'];
const outdir = path.join(root, 'dist', 'commands');
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: commands.map((name) => path.join(root, 'scripts', `${name}.ts`)),
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Packages are imported from node_modules at run time (the runtime dependencies); `@/…` (tsconfig paths) is ours.
  packages: 'external',
  tsconfig: path.join(root, 'tsconfig.json'),
  logLevel: 'warning',
});
console.log(`build-deploy: .next/standalone completed; ${commands.map((c) => `dist/commands/${c}.mjs`).join(', ')}`);

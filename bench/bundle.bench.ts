// First-load JavaScript of every page, gzipped, read from the production build's manifests (run
// `next build` first; the benchmark builds when there is no build). What a page loads first: the
// framework (React and Next's runtime, the build manifest's rootMainFiles), plus the chunks of its
// layouts and of the page itself (the page's client reference manifest, entryJSFiles). Target: the
// app's part ≤ 20 kB on every page. Scripts a page loads later (on intent, e.g. jQuery and the
// service's script) are not first-load and are not counted.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';

const ROOT = path.join(import.meta.dirname, '..');
const NEXT = path.join(ROOT, '.next');
const APP_LIMIT_KB = 20;

if (!existsSync(path.join(NEXT, 'BUILD_ID'))) {
  console.log('no production build: running next build');
  const built = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'next'), ['build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}

const sizes = new Map<string, number>();
const gzipped = (file: string) => {
  let size = sizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(NEXT, file))).length;
    sizes.set(file, size);
  }
  return size;
};
const kb = (bytes: number) => bytes / 1000;

const manifest = JSON.parse(readFileSync(path.join(NEXT, 'build-manifest.json'), 'utf8')) as {
  rootMainFiles: string[];
};
const framework = new Set(manifest.rootMainFiles);
const frameworkBytes = [...framework].reduce((n, file) => n + gzipped(file), 0);

/** Every page's client reference manifest under .next/server/app. */
function* pageManifests(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* pageManifests(full);
    else if (entry.name === 'page_client-reference-manifest.js') yield full;
  }
}

interface ClientManifest {
  entryJSFiles: Record<string, string[]>;
}

const rows: { page: string; app: number }[] = [];
for (const file of pageManifests(path.join(NEXT, 'server', 'app'))) {
  const context = { globalThis: {} as { __RSC_MANIFEST?: Record<string, ClientManifest> } };
  runInNewContext(readFileSync(file, 'utf8'), context);
  for (const [name, page] of Object.entries(context.globalThis.__RSC_MANIFEST ?? {})) {
    if (name.startsWith('/_')) continue; // the built-in error and not-found pages
    const chunks = new Set(Object.values(page.entryJSFiles).flat());
    const app = [...chunks].filter((chunk) => !framework.has(chunk)).reduce((n, chunk) => n + gzipped(chunk), 0);
    rows.push({ page: name.replace(/\/page$/, '') || '/', app });
  }
}
rows.sort((a, b) => a.page.localeCompare(b.page));

console.log(`framework (React, Next runtime; every page): ${kb(frameworkBytes).toFixed(1)} kB gzip`);
let failed = false;
for (const { page, app } of rows) {
  const ok = kb(app) <= APP_LIMIT_KB;
  if (!ok) failed = true;
  console.log(
    `${ok ? '✔' : '✘'} ${page}: ${kb(frameworkBytes + app).toFixed(1)} kB first load = framework + app ${kb(app).toFixed(1)} kB (target app ≤ ${APP_LIMIT_KB} kB)`,
  );
}
process.exit(failed ? 1 : 0);

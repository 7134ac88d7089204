// `npm run bench`: runs every benchmark in bench/ (files named *.bench.ts), one after another, each
// in its own process so one's warm caches do not flatter the next. `npm run bench -- <name> [flags]`
// runs those whose name contains <name>, handing them the flags (`npm run bench -- bff --check`).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const [only, ...flags] = process.argv.slice(2);
const files = readdirSync(import.meta.dirname)
  .filter((name) => name.endsWith('.bench.ts') && (!only || name.includes(only)))
  .sort();
if (files.length === 0) {
  console.error(only ? `no benchmark matches "${only}"` : 'no benchmarks in bench/');
  process.exit(1);
}
let failed = 0;
for (const file of files) {
  console.log(`\n▶ ${file}`);
  const tsx = path.join('node_modules', '.bin', 'tsx');
  const result = spawnSync(tsx, ['--conditions=react-server', path.join('bench', file), ...flags], {
    stdio: 'inherit',
  });
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);

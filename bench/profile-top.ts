// The top frames by self time of a CPU profile taken under a benchmark with BENCH_PROFILE_DIR=dir
// (`npm run bench -- bff`: the app's, in dir/pglite and dir/postgres; `emulator-ops`: each
// emulator's, in dir/current and dir/pinned), counting only the samples inside one operation's
// rounds, as the benchmark wrote them to dir/phases.json:
//   npx tsx bench/profile-top.ts <dir> <pglite|postgres|current|pinned> <purchase|notice|list|read|charge|getToken> [frames]
// Frames in Next's bundles (.next/server/chunks) are mapped back to their source through the
// build's source maps, so the app's own modules and the packages bundled with it show by name.
// Prints two Markdown tables: frames, and the same time grouped by package (the app's code by folder);
// INCLUSIVE=n adds the n frames with the most time on the stack (a caller with what it calls).
import { readdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface Profile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
/** An operation's round in one profiled process (`profile`: its folder), in monotonic µs. */
export interface Phase {
  profile: string;
  op: string;
  from: number;
  to: number;
}

const [dir, engine = 'postgres', op = 'purchase', top = '25'] = process.argv.slice(2);
if (!dir) {
  console.error('usage: bench/profile-top.ts <profile dir> <profile folder> <operation> [frames]');
  process.exit(1);
}
const windows = (JSON.parse(readFileSync(path.join(dir, 'phases.json'), 'utf8')) as Phase[]).filter(
  (phase) => phase.profile === engine && phase.op === op,
);
const profileDir = path.join(dir, engine);
const files = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));

const maps = new Map<string, SourceMap | null>();
function sourceMap(file: string): SourceMap | null {
  if (!maps.has(file)) {
    try {
      maps.set(file, new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))));
    } catch {
      maps.set(file, null);
    }
  }
  return maps.get(file) ?? null;
}

/** Where a frame's code comes from: the original file (through the bundle's source map) and line. */
function origin(frame: CallFrame): { file: string; line: number } {
  const url = frame.url.startsWith('file://') ? fileURLToPath(frame.url) : frame.url;
  if (url.includes('/.next/server/')) {
    const entry = sourceMap(url)?.findEntry(frame.lineNumber, frame.columnNumber) as
      | { originalSource?: string; originalLine?: number }
      | undefined;
    if (entry?.originalSource) {
      return { file: tidy(entry.originalSource.replace(/^.*\[project\]\//, '')), line: (entry.originalLine ?? 0) + 1 };
    }
  }
  return { file: tidy(url), line: frame.lineNumber + 1 };
}

const ROOT = path.join(import.meta.dirname, '..');
/** A source path as the repository names it (`lib/log.ts`), from a map's relative or absolute one. */
const tidy = (file: string) =>
  file
    .replace(/^(\.\.\/)+/, '')
    .replace(`${ROOT}/`, '')
    .replace(/^.*\/node_modules\//, 'node_modules/');

/** The package (node_modules/…), Node's own code, V8's pseudo-frames, or the app's folder. */
function group(file: string, name: string): string {
  if (!file) return name.startsWith('(') ? name : '(native)';
  if (file.startsWith('node:')) {
    if (file.includes('webstreams') || file.includes('worker/js_transferable')) return 'node: web streams';
    if (file.includes('deps/undici')) return 'node: undici (Request, Headers, fetch)';
    if (file.includes('async_hooks')) return 'node: async_hooks (AsyncLocalStorage)';
    if (file.includes('_http_')) return 'node: http';
    if (file.includes('streams/') || file.startsWith('node:net') || file.includes('stream_base'))
      return 'node: streams, net';
    return 'node: other';
  }
  const pkg = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  if (pkg === 'next') return `next (${file.match(/next\/dist\/(?:compiled\/)?([^/]+)/)?.[1] ?? 'dist'})`;
  if (pkg) return pkg;
  return `app: ${file.split('/').slice(0, 2).join('/')}`;
}

const frames = new Map<string, number>();
const groups = new Map<string, number>();
/** Inclusive time: each frame counted once per sample it is on the stack of. */
const inclusive = new Map<string, number>();
let total = 0;
for (const file of files) {
  const profile = JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const keys = new Map<number, string>();
  const keyOf = (id: number) => {
    let key = keys.get(id);
    if (key === undefined) {
      const frame = nodes.get(id) as CallFrame;
      const { file: source, line } = origin(frame);
      key = `${frame.functionName || '(anonymous)'} ${source ? `${source}:${line}` : ''}`.trim();
      keys.set(id, key);
    }
    return key;
  };
  let at = profile.startTime;
  // Each sample counts as one interval (the median gap), not as the gap before it: on a loaded
  // machine a thread descheduled inside a system call resumes into a late sample, and weighting
  // by the gap would charge the wait to that call. Counted, samples follow the CPU time.
  const interval = [...profile.timeDeltas].sort((a, b) => a - b)[profile.timeDeltas.length >> 1] ?? 1000;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    const delta = interval;
    if (!windows.some((w) => at >= w.from && at <= w.to)) return;
    const frame = nodes.get(id);
    // Idle samples are time the thread waited, not CPU it used.
    if (!frame || frame.functionName === '(idle)') return;
    const { file: source } = origin(frame);
    const name = frame.functionName || '(anonymous)';
    const key = keyOf(id);
    frames.set(key, (frames.get(key) ?? 0) + delta);
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parents.get(node)) seen.add(keyOf(node));
    for (const on of seen) inclusive.set(on, (inclusive.get(on) ?? 0) + delta);
    const kind = group(source, name);
    groups.set(kind, (groups.get(kind) ?? 0) + delta);
    total += delta;
  });
}
if (total === 0) {
  console.error(`no samples of ${engine} ${op} in ${dir} (profiles: ${files.length}, windows: ${windows.length})`);
  process.exit(1);
}
const row = ([key, micros]: [string, number]) =>
  `| ${key.replaceAll('|', '\\|')} | ${(micros / 1000).toFixed(0)} | ${((micros / total) * 100).toFixed(1)}% |`;
const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
console.log(`${engine}, ${op}: ${(total / 1000).toFixed(0)} ms of samples in ${windows.length} rounds\n`);
console.log('| frame (self time) | ms | share |\n|---|---|---|');
console.log(sorted(frames).slice(0, Number(top)).map(row).join('\n'));
if (process.env.INCLUSIVE) {
  console.log('\n| frame (inclusive) | ms | share |\n|---|---|---|');
  console.log(sorted(inclusive).slice(0, Number(process.env.INCLUSIVE)).map(row).join('\n'));
}
console.log('\n| where (self time) | ms | share |\n|---|---|---|');
console.log(
  sorted(groups)
    .filter(([, micros]) => micros / total >= 0.005)
    .map(row)
    .join('\n'),
);

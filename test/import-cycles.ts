// Import circles among the project's TypeScript modules: each file's imports (type-only ones are
// erased at build time and left out), resolved from `@/…` and relative paths, then Tarjan's strongly
// connected components. Used by test/import-cycles.test.ts; general enough for all of lib/ and emulator/.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const IMPORT = /^(?:import|export)\s+(type\s+)?(?:([\s\S]*?)\s+from\s+)?['"]([^'"]+)['"]/gm;

/** The project modules a file imports at run time (`import type`, `{ type A }` and `export type` left out). */
export function runtimeImports(file: string, root: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const [, typeOnly, clause, specifier] of source.matchAll(IMPORT)) {
    if (typeOnly || !specifier) continue;
    const named = clause?.match(/^\{([\s\S]*)\}$/)?.[1];
    if (named?.split(',').every((part) => !part.trim() || part.trim().startsWith('type '))) continue;
    const target = resolve(specifier, file, root);
    if (target) found.push(target);
  }
  return found;
}

function resolve(specifier: string, from: string, root: string): string | undefined {
  const base = specifier.startsWith('@/')
    ? path.join(root, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return path.relative(root, candidate);
  }
  return undefined;
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

/** Every circle (a strongly connected component of two or more modules, or one importing itself) through `dirs`. */
export function importCycles(dirs: string[], root = process.cwd()): string[][] {
  const graph = new Map<string, string[]>();
  const pending = dirs.flatMap((dir) => sourcesUnder(path.join(root, dir))).map((file) => path.relative(root, file));
  // Follow imports out of `dirs` too: a circle may pass through another folder.
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (graph.has(file)) continue;
    const imports = runtimeImports(path.join(root, file), root);
    graph.set(file, imports);
    pending.push(...imports.filter((target) => !graph.has(target)));
  }
  const inside = (file: string) => dirs.some((dir) => file.startsWith(`${path.normalize(dir)}${path.sep}`));
  return stronglyConnected(graph).filter(
    (component) =>
      component.some(inside) &&
      (component.length > 1 || graph.get(component[0] as string)?.includes(component[0] as string)),
  );
}

function stronglyConnected(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) as number, low.get(target) as number));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node) as number, index.get(target) as number));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    components.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return components;
}

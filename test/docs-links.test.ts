import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The README and docs/ are read in a clone, on GitHub or in an editor: every link must lead to a
// file of this repository (and a heading that exists in it), or to the machine's own servers.
// A link to the team's notes beside the repository, or to the web, breaks for whoever reads it.

const root = path.resolve(import.meta.dirname, '..');
const README_MAX_LINES = 220;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

const docs = [path.join(root, 'README.md'), ...markdownFiles(path.join(root, 'docs'))];

/** The text a reader sees as prose: fenced code blocks and inline code spans removed. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/(`+)[^`\n]*?\1/g, '');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/[*_]{1,3}([^*_]+)[*_]{1,3}/g, '$1')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** The anchors of a Markdown file's headings, duplicates numbered as GitHub numbers them. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(match[1] ?? '');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  return found;
}

/** Every link and image target in the prose: inline `[text](target)`, and `[label]: target` definitions. */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g)].map(
    (m) => m[1] ?? '',
  );
  const definitions = [...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/gm)].map((m) => m[1] ?? '');
  // Bare URLs are links too (GitHub links them, leaving out punctuation that ends a sentence).
  const bare = [...text.replace(/\]\([^)]*\)/g, '](').matchAll(/\bhttps?:\/\/[^\s<>)\]|]+/g)].map((m) =>
    m[0].replace(/[.,:;!?'"]+$/, ''),
  );
  return [...inline, ...definitions, ...bare];
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/** What is wrong with one link of `file`, or undefined when it leads where it should. */
function problemWith(file: string, target: string): string | undefined {
  if (/^https?:\/\//i.test(target)) {
    if (!URL.canParse(target)) return 'is not a valid URL';
    const host = new URL(target).hostname;
    return LOCAL_HOSTS.has(host) ? undefined : `leaves the machine (${host})`;
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return 'is not a file of the repository';
  if (target.startsWith('/')) return 'is absolute; links between repository files are relative';
  const [rawPath, anchor] = target.split('#', 2) as [string, string | undefined];
  const resolved = rawPath === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(rawPath));
  const inside = path.relative(root, resolved);
  if (inside.startsWith('..') || path.isAbsolute(inside)) return 'resolves outside the repository';
  if (!existsSync(resolved)) return 'names a file that does not exist';
  if (anchor === undefined) return undefined;
  if (statSync(resolved).isDirectory() || !resolved.endsWith('.md'))
    return 'has an anchor into a file that is not Markdown';
  if (!anchors(readFileSync(resolved, 'utf8')).has(decodeURIComponent(anchor).toLowerCase())) {
    return `names a heading (#${anchor}) that ${path.relative(root, resolved)} does not have`;
  }
  return undefined;
}

describe('the checks themselves', () => {
  const readme = path.join(root, 'README.md');

  it('makes anchors as GitHub does', () => {
    expect(slug('The mail worker: `npm run jobs`')).toBe('the-mail-worker-npm-run-jobs');
    expect(slug('회원탈퇴 and retention')).toBe('회원탈퇴-and-retention');
    expect(slug('Orders: one-click purchase and payment-window checkout')).toBe(
      'orders-one-click-purchase-and-payment-window-checkout',
    );
    expect([...anchors('# A\n\n```sh\n# not a heading\n```\n## A\n')]).toEqual(['a', 'a-1']);
  });

  it('finds links, images and bare URLs in prose but not in code', () => {
    const markdown =
      '[a](docs/x.md#y) ![i](docs/s.png) see https://example.com/p.\n`[c](nope.md)` and\n```\n[d](no.md) https://x.org\n```\n[e]: ../e.md\n';
    expect(linkTargets(markdown)).toEqual(['docs/x.md#y', 'docs/s.png', '../e.md', 'https://example.com/p']);
  });

  it('refuses each kind of bad link', () => {
    expect(problemWith(readme, '../shared/DESIGN.md')).toBe('resolves outside the repository');
    expect(problemWith(readme, 'docs/nowhere.md')).toBe('names a file that does not exist');
    expect(problemWith(readme, 'docs/money.md#no-such-heading')).toMatch(/does not have/);
    expect(problemWith(readme, '#no-such-heading')).toMatch(/does not have/);
    expect(problemWith(readme, 'https://github.com/iamport')).toBe('leaves the machine (github.com)');
    expect(problemWith(readme, 'mailto:ops@shop.example')).toBe('is not a file of the repository');
    expect(problemWith(readme, 'http://127.0.0.1:1080')).toBeUndefined();
    expect(problemWith(readme, 'docs/money.md#the-sweep')).toBeUndefined();
  });
});

describe('README and docs/', () => {
  it('has docs to check', () => {
    expect(docs.map((f) => path.relative(root, f))).toEqual(
      expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/glossary.md', 'docs/testing.md']),
    );
  });

  it.each(docs.map((f) => [path.relative(root, f), f]))('%s: every link leads inside the repository', (_, file) => {
    const problems = linkTargets(readFileSync(file, 'utf8')).flatMap((target) => {
      const problem = problemWith(file, target);
      return problem ? [`${target} ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it(`keeps the README at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(path.join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });
});

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Docs that read fast (issue #34): short sentences, and every file a doc names is a file of this
// repository. A name of something kept elsewhere (the team's notes) is said in words instead.

const root = path.resolve(import.meta.dirname, '..');
const MAX_AVERAGE_WORDS = 25;

const docs = [
  path.join(root, 'README.md'),
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(root, 'docs', name)),
];

/** Every file of the repository, relative to its root (build output, dependencies and data left out). */
function repositoryFiles(dir = root): string[] {
  const skipped = new Set(['node_modules', '.git', '.next', '.data', 'dist', 'test-results', 'playwright-report']);
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? repositoryFiles(full) : [path.relative(root, full)];
  });
}

const FENCE = /^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm;

/**
 * The prose a reader reads, one paragraph or list item per entry: code blocks, HTML comments,
 * headings, tables and images dropped; list and quote markers, emphasis and link targets removed
 * (a link keeps its text); an inline code span or a bare URL counts as one word.
 */
function proseBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length > 0) blocks.push(current.join(' '));
    current = [];
  };
  const text = markdown.replace(FENCE, '\n').replace(/<!--[\s\S]*?-->/g, '');
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('|')) {
      flush();
      continue;
    }
    const item = /^(?:>\s*)*(?:[-*+]|\d+[.)])\s+/.exec(line);
    if (item) flush();
    current.push(
      line
        .replace(/^(?:>\s*)*(?:(?:[-*+]|\d+[.)])\s+)?/, '')
        .replace(/`+[^`]*`+/g, 'code')
        .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/https?:\/\/\S+/g, 'url')
        .replace(/[*_]{1,3}(\S[^*_]*?)[*_]{1,3}/g, '$1'),
    );
  }
  flush();
  return blocks;
}

// Abbreviations whose full stop does not end a sentence.
const ABBREVIATIONS = /\b(e\.g|i\.e|vs|cf|etc)\.(?=\s)/gi;

/**
 * Sentences split at `.`, `!` or `?` (closing quotes or brackets may follow) before a space, and at
 * the end of every paragraph and list item; `e.g.`, `i.e.`, `vs.`, `cf.` and `etc.` do not split.
 */
function sentences(block: string): string[] {
  return block
    .replace(ABBREVIATIONS, '$1')
    .split(/(?<=[.!?]['")\]]*)\s+/)
    .map((s) => s.trim())
    .filter((s) => words(s) > 0);
}

/** Words: whitespace-separated tokens with a letter or a digit (a dash or an arrow is no word). */
function words(sentence: string): number {
  return sentence.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

function averageWords(markdown: string): { average: number; longest: string[] } {
  const all = proseBlocks(markdown).flatMap(sentences);
  const total = all.reduce((sum, s) => sum + words(s), 0);
  const longest = [...all].sort((a, b) => words(b) - words(a)).slice(0, 3);
  return { average: all.length === 0 ? 0 : total / all.length, longest };
}

const EXTENSIONS = 'md|ts|tsx|js|mjs|cjs|json|sql|conf|ya?ml|sh|css|png|html|toml';
const FILE_NAME = new RegExp(`(?<![\\w./@:-])\\.{0,2}/?[\\w@.-]+(?:/[\\w@.-]+)*\\.(?:${EXTENSIONS})(?![\\w/-])`, 'g');

/**
 * The names of repository files a doc mentions: relative link targets, and every path with an
 * extension in the prose, tables or code spans that has a folder in it (`lib/env.ts`) or is a Markdown
 * file (`DESIGN.md`). A bare name such as `entity.js` (a dependency's file in a profile) is left
 * alone; so are routes (`/api/health`) and patterns (`*.db.test.ts`).
 */
function mentionedFiles(markdown: string): string[] {
  const text = markdown.replace(FENCE, '');
  const links = [...text.matchAll(/\]\(\s*<?([^)\s>#]+)[^)]*\)/g)]
    .map((m) => m[1] ?? '')
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
  const names = [
    ...text
      .replace(/\]\([^)]*\)/g, ']')
      .replace(/https?:\/\/\S+/g, ' ')
      .matchAll(FILE_NAME),
  ]
    .map((m) => m[0])
    .filter((name) => !name.startsWith('/') && (name.includes('/') || name.endsWith('.md')));
  return [...new Set([...links, ...names])];
}

const files = repositoryFiles();
const topLevel = new Set(readdirSync(root));
// Folders that hold what the code builds or writes at run time (`.data/`, `.next/`, `dist/`): named
// in the docs, but in no clone.
const generated = readFileSync(path.join(root, '.gitignore'), 'utf8')
  .split('\n')
  .filter((line) => line.endsWith('/'));

/**
 * Whether a mentioned name is a file here: a path under one of the repository's top-level folders
 * (or beside the doc) must exist as written; a shorter path must end some file's path (`ops/audit.ts`).
 */
function exists(doc: string, name: string): boolean {
  const relative = name.replace(/^\.\//, '');
  if (generated.some((folder) => relative.startsWith(folder))) return true;
  if (existsSync(path.resolve(path.dirname(doc), relative))) return true;
  if (topLevel.has(relative.split('/')[0] ?? '')) return existsSync(path.join(root, relative));
  return files.some((file) => file === relative || file.endsWith(`/${relative}`));
}

describe('the checks themselves', () => {
  it('reads prose only', () => {
    const markdown = [
      '# A heading of many many words',
      '',
      '| a | table |',
      '|---|---|',
      '',
      '```sh',
      'npm run dev # code',
      '```',
      '',
      'One [link](docs/money.md) and `npm run dev` here.',
      '- **A** list item',
      '  going on.',
      '1. Numbered.',
    ].join('\n');
    expect(proseBlocks(markdown)).toEqual(['One link and code here.', 'A list item going on.', 'Numbered.']);
  });

  it('splits sentences at full stops, not at abbreviations or decimals', () => {
    expect(sentences('It runs 1.5 s, e.g. on two cores. Then (it stops.) Why? Because.')).toEqual([
      'It runs 1.5 s, e.g on two cores.',
      'Then (it stops.)',
      'Why?',
      'Because.',
    ]);
    expect(words('a — b → c 20 %')).toBe(4);
    expect(averageWords('One two three. Four five.\n\n- Six').average).toBe(2);
  });

  it('finds the files a doc names', () => {
    const markdown =
      'See `lib/env.ts`, `/api/health`, `*.db.test.ts`, `entity.js`, `npm run dev`, [x](../emulator/README.md#a), DESIGN.md, Node.js, https://x.org/a/b.md.';
    expect(mentionedFiles(markdown)).toEqual(['../emulator/README.md', 'lib/env.ts', 'DESIGN.md']);
  });

  it('knows a file of the repository from one that is not', () => {
    const doc = path.join(root, 'docs', 'money.md');
    expect(exists(doc, 'lib/env.ts')).toBe(true);
    expect(exists(doc, '../emulator/README.md')).toBe(true);
    expect(exists(doc, 'testing.md')).toBe(true);
    expect(exists(doc, 'DESIGN.md')).toBe(false);
    expect(exists(doc, 'payment-service.md')).toBe(false);
    expect(exists(doc, 'lib/nowhere.ts')).toBe(false);
    expect(exists(doc, '.data/app/running-shop.json')).toBe(true);
    expect(exists(doc, 'ops/audit.ts')).toBe(true);
    expect(exists(doc, 'ops/nowhere.ts')).toBe(false);
  });
});

describe.each(docs.map((file) => [path.relative(root, file), file]))('%s', (_, file) => {
  const markdown = readFileSync(file, 'utf8');

  it(`averages at most ${MAX_AVERAGE_WORDS} words a sentence`, () => {
    const { average, longest } = averageWords(markdown);
    // On failure the message shows the three longest sentences, the first to split.
    expect(average, `longest sentences:\n${longest.join('\n')}`).toBeLessThanOrEqual(MAX_AVERAGE_WORDS);
  });

  it('names only files the repository has', () => {
    expect(mentionedFiles(markdown).filter((name) => !exists(file, name))).toEqual([]);
  });
});

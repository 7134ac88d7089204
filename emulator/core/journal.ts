// Persistence: an append-only JSON-lines journal in the data directory, replayed at start and
// then compacted (rewritten with one line per live record). ':memory:' keeps nothing.
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/** One change: a record put under its kind, or a key deleted. */
export type JournalEntry = { k: string; p: unknown } | { k: string; d: string };

export interface Journal {
  append(entry: JournalEntry): void;
  /** Replaces the whole journal with these entries (compaction, reset). */
  rewrite(entries: Iterable<JournalEntry>): void;
  close(): void;
}

export const memoryJournal = (): Journal => ({ append() {}, rewrite() {}, close() {} });

/** Reads the entries; a torn last line (a crash mid-write) is ignored. */
export function readJournal(dataDir: string): JournalEntry[] {
  const file = path.join(dataDir, 'journal.jsonl');
  if (!existsSync(file)) return [];
  const entries: JournalEntry[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    try {
      entries.push(JSON.parse(line) as JournalEntry);
    } catch {
      // only the last line can be torn; anything after it is unreadable anyway
      break;
    }
  }
  return entries;
}

export function fileJournal(dataDir: string): Journal {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'journal.jsonl');
  let fd = openSync(file, 'a');
  return {
    append(entry) {
      writeSync(fd, `${JSON.stringify(entry)}\n`);
    },
    rewrite(entries) {
      const lines: string[] = [];
      for (const entry of entries) lines.push(JSON.stringify(entry));
      const temp = `${file}.tmp`;
      writeFileSync(temp, lines.length ? `${lines.join('\n')}\n` : '');
      closeSync(fd);
      renameSync(temp, file); // atomic: a crash leaves the old or the new journal, never half of one
      fd = openSync(file, 'a');
    },
    close() {
      closeSync(fd);
    },
  };
}

// Persistence: an append-only JSON-lines journal in the data directory, replayed at start and
// compacted (rewritten with one line per live record). ':memory:' keeps nothing.
//
// Replay streams the raw file in chunks and hands each line over as bytes: the store decodes the
// lines it needs now and keeps a reference to the rest (a snapshot's records are parsed at first
// use, table.ts), so the chunks stay allocated for as long as such a line does.
// A write is acknowledged once its whole line, newline included, is written; so a last line
// without its newline was cut short by a crash and was never acknowledged: it is cut off (and
// reported) before anything is appended after it. Any other line that cannot be read stops the
// start with an error naming it: never a silent loss. (A snapshot line's record is checked for
// its frame at start and parsed at first use: damage inside it is reported then, naming the line.)
// What this guards against is the process dying (a crash, SIGKILL): written lines are in the
// kernel's cache by then. Nothing is fsynced, so a power loss of the machine is not covered.
import { closeSync, existsSync, mkdirSync, openSync, readSync, renameSync, truncateSync, writeSync } from 'node:fs';
import path from 'node:path';

/** One change: a record put under its kind, a key deleted, or some fields of a record changed. */
export type JournalEntry = { k: string; p: unknown } | { k: string; d: string } | { k: string; m: string; p: unknown };

export interface Journal {
  append(entry: JournalEntry): void;
  /** Replaces the whole journal with these lines, each without its newline (compaction, reset). */
  rewrite(lines: Iterable<string>): void;
  close(): void;
}

export const memoryJournal = (): Journal => ({ append() {}, rewrite() {}, close() {} });

const FILE = 'journal.jsonl';
const CHUNK = 8 << 20;

export class JournalCorrupt extends Error {
  override name = 'JournalCorrupt';
}

/** One line of the journal as bytes: `data` from `start` up to (not including) its newline at `end`. */
export interface RawLine {
  data: Buffer;
  start: number;
  end: number;
  /** 1-based line number, for errors. */
  line: number;
}

export function parseLine(text: string, file: string, line: number): JournalEntry {
  let entry: unknown;
  try {
    entry = JSON.parse(text);
  } catch (error) {
    throw new JournalCorrupt(
      `${file}: line ${line} is not a journal entry (${(error as Error).message}); the emulator does not start on a damaged journal — restore the file or move it aside`,
    );
  }
  if (typeof entry !== 'object' || entry === null || typeof (entry as { k?: unknown }).k !== 'string') {
    throw new JournalCorrupt(`${file}: line ${line} is not a journal entry (no kind)`);
  }
  return entry as JournalEntry;
}

/**
 * Hands every line over in order; answers how many lines were read. A torn last line is truncated
 * away (and reported); `apply` throws JournalCorrupt for a damaged line (parseLine).
 */
export function replayJournal(dataDir: string, apply: (raw: RawLine, file: string) => void): { lines: number } {
  const file = path.join(dataDir, FILE);
  if (!existsSync(file)) return { lines: 0 };
  const fd = openSync(file, 'r');
  let carry: Buffer | null = null;
  let consumed = 0;
  let line = 0;
  let lines = 0;
  try {
    for (;;) {
      // A fresh chunk per read (lines kept by reference point into it), the unfinished line first.
      const kept = carry?.length ?? 0;
      const chunk = Buffer.allocUnsafe(Math.max(CHUNK, kept * 2));
      carry?.copy(chunk);
      const read = readSync(fd, chunk, kept, chunk.length - kept, null);
      if (read === 0) break;
      const data = chunk.subarray(0, kept + read);
      let start = 0;
      for (let end = data.indexOf(10, start); end !== -1; end = data.indexOf(10, start)) {
        line += 1;
        if (end > start) {
          apply({ data, start, end, line }, file);
          lines += 1;
        }
        start = end + 1;
      }
      consumed += start;
      carry = start < data.length ? data.subarray(start) : null;
    }
  } finally {
    closeSync(fd);
  }
  if (carry) {
    truncateSync(file, consumed);
    console.warn(
      `emulator: ${file}: cut off a torn last line (${carry.length} bytes after line ${line}, never acknowledged)`,
    );
  }
  return { lines };
}

/** Writes lines through a buffer of about a chunk, so a rewrite never builds one huge string. */
function writeLines(fd: number, lines: Iterable<string>): void {
  let batch: string[] = [];
  let size = 0;
  for (const line of lines) {
    const text = `${line}\n`;
    batch.push(text);
    size += text.length;
    if (size >= CHUNK) {
      writeSync(fd, batch.join(''));
      batch = [];
      size = 0;
    }
  }
  if (batch.length) writeSync(fd, batch.join(''));
}

export function fileJournal(dataDir: string): Journal {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, FILE);
  let fd = openSync(file, 'a');
  return {
    append(entry) {
      writeSync(fd, `${JSON.stringify(entry)}\n`);
    },
    rewrite(lines) {
      const temp = `${file}.tmp`;
      const tempFd = openSync(temp, 'w');
      try {
        writeLines(tempFd, lines);
      } finally {
        closeSync(tempFd);
      }
      closeSync(fd);
      renameSync(temp, file); // atomic: a crash leaves the old or the new journal, never half of one
      fd = openSync(file, 'a');
    },
    close() {
      closeSync(fd);
    },
  };
}

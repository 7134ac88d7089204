// A keyed collection of records with secondary indexes; every change is journaled, lean when the
// table has a shape (record-shape.ts).
//
// Snapshot lines: compaction writes each record as `{"k":kind,"x2":[key,...index keys],"p":record}`
// (trailing nulls left out).
// At start such a line is not parsed: the table reads the short "x2" prefix (the record's key and
// what each index files it under) and keeps the line's bytes; the record is parsed when first
// read. A start then costs a few small parses per record instead of building every record (at
// 100,000 payments: most of the start's CPU time and of its garbage collection).
import { JournalCorrupt, type JournalEntry } from './journal';
import { type Codec, plainCodec } from './record-shape';

/**
 * The layout of "x2": a table's indexes, in the order they were added, each filing a record
 * under what `snapshotKey` answers. Changing a table's indexes changes what the prefix means:
 * rename the field then (old snapshot lines are still read, fully parsed, under "p"). "x1" filed
 * pending schedules and webhooks by time alone; "x2" by merchant and time (each merchant has its clock).
 */
const SNAPSHOT_FIELD = 'x2';

export interface Index<T> {
  add(key: string, record: T): void;
  /** Files a record not yet parsed under the value `snapshotKey` gave when it was written. */
  addSnapshot(key: string, value: unknown): void;
  /** What a snapshot line keeps for this index (JSON). */
  snapshotKey(record: T): unknown;
  remove(key: string, record: T): void;
  /** A stored record replaced by a new version of itself (a TimeIndex re-sorts; a HashIndex may keep its group). */
  replace(key: string, old: T, record: T): void;
  clear(): void;
  /** Set by the table: the record stored under a key (parsed if need be). */
  resolve: (key: string) => T;
}

const unresolved = (): never => {
  throw new Error('index used before it was added to a table');
};

/**
 * Keys of records grouped by a derived key (e.g. merchant + merchant_uid); null keeps a record
 * out. A group of one (most groups: one payment per order number) holds the key itself, not a Set.
 */
export class HashIndex<T> implements Index<T> {
  private readonly groups = new Map<string, string | Set<string>>();
  resolve: (key: string) => T = unresolved;
  constructor(private readonly groupOf: (record: T) => string | null) {}

  add(key: string, record: T) {
    this.addTo(key, this.groupOf(record));
  }

  addSnapshot(key: string, value: unknown) {
    this.addTo(key, typeof value === 'string' ? value : null);
  }

  snapshotKey(record: T): unknown {
    return this.groupOf(record);
  }

  private addTo(key: string, group: string | null) {
    if (group === null) return;
    const members = this.groups.get(group);
    if (members === undefined || members === key) this.groups.set(group, key);
    else if (members instanceof Set) members.add(key);
    else this.groups.set(group, new Set([members, key]));
  }

  remove(key: string, record: T) {
    this.removeFrom(key, this.groupOf(record));
  }

  private removeFrom(key: string, group: string | null) {
    if (group === null) return;
    const members = this.groups.get(group);
    if (members instanceof Set) {
      if (members.delete(key) && members.size === 0) this.groups.delete(group);
    } else if (members === key) this.groups.delete(group);
  }

  replace(key: string, old: T, record: T) {
    const before = this.groupOf(old);
    const after = this.groupOf(record);
    if (before === after) return; // the group holds keys: it keeps its place
    this.removeFrom(key, before);
    this.addTo(key, after);
  }

  clear() {
    this.groups.clear();
  }

  get(group: string): T[] {
    const members = this.groups.get(group);
    if (members === undefined) return [];
    return typeof members === 'string' ? [this.resolve(members)] : [...members].map(this.resolve);
  }
}

/** A snapshot line not parsed yet: where its record's JSON lies. */
class Unparsed {
  constructor(
    readonly data: Buffer,
    /** The record's JSON: from `from` up to `to`. */
    readonly from: number,
    readonly to: number,
    /** The whole line (without its newline), for a rewrite. */
    readonly start: number,
    readonly line: number,
    readonly file: string,
  ) {}
}

/** Where the parts of a snapshot line are, or null when the line is not one. */
export interface SnapshotLine {
  kind: string;
  /** [key, ...index keys]; a missing trailing one is null */
  prefix: unknown[];
  from: number;
  to: number;
}

const HEAD = Buffer.from('{"k":"');
const PREFIX = Buffer.from(`","${SNAPSHOT_FIELD}":[`);
const RECORD = Buffer.from('],"p":');

/** Reads the frame of a snapshot line; anything else (or a damaged frame) answers null. */
export function snapshotLine(data: Buffer, start: number, end: number): SnapshotLine | null {
  if (data.compare(HEAD, 0, HEAD.length, start, start + HEAD.length) !== 0) return null;
  const quote = data.indexOf(0x22, start + HEAD.length);
  if (quote === -1 || quote >= end) return null;
  if (data.compare(PREFIX, 0, PREFIX.length, quote, quote + PREFIX.length) !== 0) return null;
  const open = quote + PREFIX.length - 1;
  // `],"p":` cannot occur inside a JSON string (its quote would be escaped), nor elsewhere in a flat array.
  const close = data.indexOf(RECORD, open);
  if (close === -1 || close >= end || data[end - 1] !== 0x7d) return null;
  let prefix: unknown;
  try {
    prefix = JSON.parse(data.toString('utf8', open, close + 1));
  } catch {
    return null;
  }
  if (!Array.isArray(prefix) || typeof prefix[0] !== 'string') return null;
  return {
    kind: data.toString('latin1', start + HEAD.length, quote),
    prefix,
    from: close + RECORD.length,
    to: end - 1,
  };
}

export class Table<T> {
  private readonly rows = new Map<string, T | Unparsed>();
  private readonly indexes: Index<T>[] = [];
  private readonly resolve = (key: string): T => {
    const record = this.get(key);
    if (record === undefined) throw new Error(`${this.kind} index holds ${key}, which is not stored`);
    return record;
  };

  constructor(
    readonly kind: string,
    private readonly keyOf: (record: T) => string,
    private readonly journal: (entry: JournalEntry) => void,
    private readonly codec: Codec<T> = plainCodec<T>(),
  ) {}

  index<I extends Index<T>>(index: I): I {
    index.resolve = this.resolve;
    this.indexes.push(index);
    return index;
  }

  get(key: string): T | undefined {
    const row = this.rows.get(key);
    return row instanceof Unparsed ? this.parse(key, row) : row;
  }

  private parse(key: string, row: Unparsed): T {
    let lean: unknown;
    try {
      lean = JSON.parse(row.data.toString('utf8', row.from, row.to));
    } catch (error) {
      throw new JournalCorrupt(
        `${row.file}: line ${row.line} is not a journal entry (${(error as Error).message}); restore the file or move it aside`,
      );
    }
    const record = this.codec.full(lean as Partial<T>);
    this.rows.set(key, record);
    return record;
  }

  has(key: string): boolean {
    return this.rows.has(key);
  }

  /** Inserts or replaces a record (callers put a fresh object, never mutate a stored one in place). */
  put(record: T): T {
    this.load(record);
    this.journal({ k: this.kind, p: this.codec.lean(record) });
    return record;
  }

  /** Changes some fields of a stored record, journaling only those. */
  patch(key: string, fields: Partial<T>): T | undefined {
    const old = this.get(key);
    if (!old) return undefined;
    const record = { ...old, ...fields };
    this.load(record);
    this.journal({ k: this.kind, m: key, p: fields });
    return record;
  }

  /** Puts in memory only: a passing state a restart need not know (it finds the last journaled one). */
  putVolatile(record: T): T {
    this.load(record);
    return record;
  }

  /** Replays a journaled line: a put (read back in full), a deletion or a patch. */
  replay(entry: JournalEntry): void {
    if ('d' in entry) this.unload(entry.d);
    else if ('m' in entry) {
      const old = this.get(entry.m);
      // A copy of the record's own shape, then the patched fields (which it already has).
      if (old) this.load(Object.assign(this.codec.copy(old) as object, entry.p) as T);
    } else this.load(this.codec.full(entry.p as Partial<T>));
  }

  /**
   * Keeps a snapshot line unparsed, filed in every index by its prefix. Answers false when the
   * line must be parsed instead (a prefix of another layout, or a record already stored).
   */
  replaySnapshot(raw: { data: Buffer; start: number; line: number }, file: string, parts: SnapshotLine): boolean {
    const { prefix } = parts;
    const key = prefix[0] as string;
    if (prefix.length > this.indexes.length + 1 || this.rows.has(key)) return false;
    this.rows.set(key, new Unparsed(raw.data, parts.from, parts.to, raw.start, raw.line, file));
    for (let i = 0; i < this.indexes.length; i++) this.indexes[i]?.addSnapshot(key, prefix[i + 1] ?? null);
    return true;
  }

  /** Puts without journaling. */
  load(record: T): void {
    const key = this.keyOf(record);
    const old = this.get(key);
    this.rows.set(key, record);
    if (old) for (const index of this.indexes) index.replace(key, old, record);
    else for (const index of this.indexes) index.add(key, record);
  }

  delete(key: string): T | undefined {
    const old = this.unload(key);
    if (old) this.journal({ k: this.kind, d: key });
    return old;
  }

  unload(key: string): T | undefined {
    const old = this.get(key);
    if (!old) return undefined;
    for (const index of this.indexes) index.remove(key, old);
    this.rows.delete(key);
    return old;
  }

  clear(): void {
    this.rows.clear();
    for (const index of this.indexes) index.clear();
  }

  values(): T[] {
    return Array.from(this.rows.keys(), this.resolve);
  }

  /** The record stored first (of those still stored), without listing the others. */
  first(): T | undefined {
    const key = this.rows.keys().next().value;
    return key === undefined ? undefined : this.get(key);
  }

  get size(): number {
    return this.rows.size;
  }

  /** The table as snapshot lines: one per record, a record never parsed copied as it was read. */
  *entries(): Iterable<string> {
    const kind = JSON.stringify(this.kind);
    for (const [key, row] of this.rows) {
      if (row instanceof Unparsed) {
        yield row.data.toString('utf8', row.start, row.to + 1);
        continue;
      }
      const prefix = [key, ...this.indexes.map((index) => index.snapshotKey(row))];
      while (prefix.length > 1 && prefix.at(-1) === null) prefix.pop();
      yield `{"k":${kind},"${SNAPSHOT_FIELD}":${JSON.stringify(prefix)},"p":${JSON.stringify(this.codec.lean(row))}}`;
    }
  }
}

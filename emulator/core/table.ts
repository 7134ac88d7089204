// A keyed collection of records with secondary indexes; every change is journaled, lean when the
// table has a shape (record-shape.ts).
import type { JournalEntry } from './journal';
import { type Codec, plainCodec } from './record-shape';

export interface Index<T> {
  add(key: string, record: T): void;
  remove(key: string, record: T): void;
  /** A stored record replaced by a new version of itself (a TimeIndex re-sorts; a HashIndex may keep its group). */
  replace(key: string, old: T, record: T): void;
  clear(): void;
}

/**
 * Records grouped by a derived key (e.g. merchant + merchant_uid); null keeps a record out. A group
 * of one (most groups: one payment per order number) holds the record itself, not a Map: at a
 * hundred thousand records that is a hundred thousand Maps fewer to build at every start.
 */
export class HashIndex<T> implements Index<T> {
  private readonly groups = new Map<string, T | Map<string, T>>();
  /** Set by the table the index belongs to. */
  keyOf: (record: T) => string = () => '';
  constructor(private readonly groupOf: (record: T) => string | null) {}

  add(key: string, record: T) {
    const group = this.groupOf(record);
    if (group === null) return;
    const members = this.groups.get(group);
    if (members === undefined || (!(members instanceof Map) && this.keyOf(members) === key)) {
      this.groups.set(group, record);
    } else if (members instanceof Map) {
      members.set(key, record);
    } else {
      this.groups.set(
        group,
        new Map([
          [this.keyOf(members), members],
          [key, record],
        ]),
      );
    }
  }

  remove(key: string, record: T) {
    const group = this.groupOf(record);
    if (group === null) return;
    const members = this.groups.get(group);
    if (members instanceof Map) {
      if (members.delete(key) && members.size === 0) this.groups.delete(group);
    } else if (members !== undefined && this.keyOf(members) === key) this.groups.delete(group);
  }

  replace(key: string, old: T, record: T) {
    const group = this.groupOf(record);
    if (group === null || group !== this.groupOf(old)) {
      this.remove(key, old);
      this.add(key, record);
      return;
    }
    const members = this.groups.get(group);
    if (members instanceof Map) members.set(key, record);
    else this.groups.set(group, record);
  }

  clear() {
    this.groups.clear();
  }

  get(group: string): T[] {
    const members = this.groups.get(group);
    if (members === undefined) return [];
    return members instanceof Map ? [...members.values()] : [members];
  }
}

export class Table<T> {
  private readonly rows = new Map<string, T>();
  private readonly indexes: Index<T>[] = [];

  constructor(
    readonly kind: string,
    private readonly keyOf: (record: T) => string,
    private readonly journal: (entry: JournalEntry) => void,
    private readonly codec: Codec<T> = plainCodec<T>(),
  ) {}

  index<I extends Index<T>>(index: I): I {
    if (index instanceof HashIndex) index.keyOf = this.keyOf;
    this.indexes.push(index);
    return index;
  }

  get(key: string): T | undefined {
    return this.rows.get(key);
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
    const old = this.rows.get(key);
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
      const old = this.rows.get(entry.m);
      // A copy of the record's own shape, then the patched fields (which it already has).
      if (old) this.load(Object.assign(this.codec.copy(old) as object, entry.p) as T);
    } else this.load(this.codec.full(entry.p as Partial<T>));
  }

  /** Puts without journaling. */
  load(record: T): void {
    const key = this.keyOf(record);
    const old = this.rows.get(key);
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
    const old = this.rows.get(key);
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
    return [...this.rows.values()];
  }

  get size(): number {
    return this.rows.size;
  }

  *entries(): Iterable<JournalEntry> {
    for (const record of this.rows.values()) yield { k: this.kind, p: this.codec.lean(record) };
  }
}

// A keyed collection of records with secondary indexes; every change is journaled. Records are
// journaled lean: fields at their table's default value (null, 0, an empty list) are left out
// and filled in again when the line is replayed.
import type { JournalEntry } from './journal';

const isDefault = (value: unknown, fallback: unknown) =>
  value === fallback || (Array.isArray(value) && value.length === 0 && Array.isArray(fallback));

/** The record without its default-valued fields (what the journal keeps). */
function lean<T>(record: T, defaults: Partial<T>): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(record as Record<string, unknown>)) {
    if (!Object.hasOwn(defaults, field) || !isDefault(value, (defaults as Record<string, unknown>)[field]))
      out[field] = value;
  }
  return out as Partial<T>;
}

export interface Index<T> {
  add(key: string, record: T): void;
  remove(key: string, record: T): void;
  clear(): void;
}

/** Records grouped by a derived key (e.g. merchant + merchant_uid); null keeps a record out. */
export class HashIndex<T> implements Index<T> {
  private readonly groups = new Map<string, Map<string, T>>();
  constructor(private readonly groupOf: (record: T) => string | null) {}

  add(key: string, record: T) {
    const group = this.groupOf(record);
    if (group === null) return;
    const members = this.groups.get(group) ?? new Map<string, T>();
    this.groups.set(group, members);
    members.set(key, record);
  }

  remove(key: string, record: T) {
    const group = this.groupOf(record);
    if (group === null) return;
    const members = this.groups.get(group);
    members?.delete(key);
    if (members?.size === 0) this.groups.delete(group);
  }

  clear() {
    this.groups.clear();
  }

  get(group: string): T[] {
    return [...(this.groups.get(group)?.values() ?? [])];
  }
}

export class Table<T> {
  private readonly rows = new Map<string, T>();
  private readonly indexes: Index<T>[] = [];

  constructor(
    readonly kind: string,
    private readonly keyOf: (record: T) => string,
    private readonly journal: (entry: JournalEntry) => void,
    /** Values a journaled record leaves out (each restored at replay). */
    private readonly defaults: Partial<T> = {},
  ) {}

  index<I extends Index<T>>(index: I): I {
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
    this.journal({ k: this.kind, p: lean(record, this.defaults) });
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

  /** Replays a journaled line: a put (lean, so defaults first) or a patch. */
  replay(entry: JournalEntry): void {
    if ('d' in entry) this.unload(entry.d);
    else if ('m' in entry) {
      const old = this.rows.get(entry.m);
      if (old) this.load({ ...old, ...(entry.p as Partial<T>) });
    } else this.load({ ...this.defaults, ...(entry.p as T) });
  }

  /** Puts without journaling. */
  load(record: T): void {
    const key = this.keyOf(record);
    const old = this.rows.get(key);
    if (old) for (const index of this.indexes) index.remove(key, old);
    this.rows.set(key, record);
    for (const index of this.indexes) index.add(key, record);
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
    for (const record of this.rows.values()) yield { k: this.kind, p: lean(record, this.defaults) };
  }
}

// A TimeIndex per group (per merchant): each merchant's clock is its own, so "what is due by t"
// is asked of one merchant's records with that merchant's t. Records move between groups when
// their group changes; a snapshot line files a record under [group, at, seq].
import type { Index } from './table';
import { TimeIndex } from './time-index';

export interface GroupedTime {
  group: string;
  at: number;
  seq: number;
}

export class GroupedTimeIndex<T> implements Index<T> {
  private readonly groups = new Map<string, TimeIndex<T>>();
  private deferred = false;
  private onEarlier: ((group: string) => void) | null = null;
  resolve: (key: string) => T = () => {
    throw new Error('index used before it was added to a table');
  };

  /** `timeOf` answers null for a record that should not be indexed. */
  constructor(private readonly timeOf: (record: T) => GroupedTime | null) {}

  private group(name: string): TimeIndex<T> {
    let index = this.groups.get(name);
    if (!index) {
      index = new TimeIndex<T>((record) => this.timeOf(record));
      index.resolve = (key) => this.resolve(key);
      if (this.deferred) index.deferSorting();
      index.watchEarliest(() => this.onEarlier?.(name));
      this.groups.set(name, index);
    }
    return index;
  }

  /** Calls `listener` with the group whenever an added record becomes that group's earliest. */
  watchEarliest(listener: (group: string) => void): void {
    this.onEarlier = listener;
  }

  deferSorting(): void {
    this.deferred = true;
    for (const index of this.groups.values()) index.deferSorting();
  }

  resumeSorting(): void {
    this.deferred = false;
    for (const index of this.groups.values()) index.resumeSorting();
  }

  add(key: string, record: T): void {
    const time = this.timeOf(record);
    if (time) this.group(time.group).add(key, record);
  }

  addSnapshot(key: string, value: unknown): void {
    if (Array.isArray(value) && typeof value[0] === 'string') this.group(value[0]).addSnapshot(key, value.slice(1));
  }

  snapshotKey(record: T): unknown {
    const time = this.timeOf(record);
    return time && [time.group, time.at, time.seq];
  }

  remove(key: string, record: T): void {
    const time = this.timeOf(record);
    if (time) this.groups.get(time.group)?.remove(key);
  }

  replace(key: string, old: T, record: T): void {
    this.remove(key, old);
    this.add(key, record);
  }

  clear(): void {
    for (const index of this.groups.values()) index.clear();
  }

  /** The group's records with a time at or before `until`, earliest first. */
  due(group: string, until: number): T[] {
    return this.groups.get(group)?.due(until) ?? [];
  }

  /** The group's records with `from <= time < to`, earliest first. */
  between(group: string, from: number, to: number): T[] {
    return this.groups.get(group)?.between(from, to) ?? [];
  }

  /** The group's earliest indexed time, or null. */
  next(group: string): number | null {
    return this.groups.get(group)?.next() ?? null;
  }

  get size(): number {
    let size = 0;
    for (const index of this.groups.values()) size += index.size;
    return size;
  }
}

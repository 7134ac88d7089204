// Records ordered by a time (schedule_at, a webhook's next attempt), so "what is due by t" reads a
// prefix instead of scanning every record. A sorted array with binary search; the live part starts
// at `head`, so removing the earliest record (the hot path: running what fell due) is O(1)
// amortised instead of shifting every later slot. Inserts elsewhere still shift memory.
import type { Index } from './table';

interface Slot {
  at: number;
  seq: number;
  key: string;
}

const before = (a: Slot, b: Slot) =>
  a.at < b.at || (a.at === b.at && (a.seq < b.seq || (a.seq === b.seq && a.key < b.key)));

/** Dead slots before `head` are dropped once they are this many and more than the live ones. */
const COMPACT_AT = 1024;

export class TimeIndex<T> implements Index<T> {
  private slots: Slot[] = [];
  private head = 0;
  /** Each indexed key's live slot (a slot not here is stale). */
  private readonly current = new Map<string, Slot>();
  resolve: (key: string) => T = () => {
    throw new Error('index used before it was added to a table');
  };
  /** While false, adds append and the next query sorts once (bulk loading at start). */
  private sorted = true;
  private onEarlier: (() => void) | null = null;

  /** `timeOf` answers null for a record that should not be indexed (e.g. already executed). */
  constructor(private readonly timeOf: (record: T) => { at: number; seq: number } | null) {}

  /** Calls `listener` whenever an added record becomes the earliest (a timer must be re-armed). */
  watchEarliest(listener: () => void): void {
    this.onEarlier = listener;
  }

  /** Until resumeSorting() or the next query, adds append unsorted: a bulk load then costs one sort. */
  deferSorting(): void {
    this.sorted = false;
  }

  resumeSorting(): void {
    this.ensureSorted();
  }

  /** Sorts a bulk load once, dropping slots that removals during it left stale or doubled. */
  private ensureSorted(): void {
    if (this.sorted) return;
    const live = this.slots.slice(this.head).filter((slot) => this.current.get(slot.key) === slot);
    live.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    this.slots = live;
    this.head = 0;
    this.sorted = true;
  }

  private position(slot: Slot): number {
    this.ensureSorted();
    let lo = this.head;
    let hi = this.slots.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const probe = this.slots[mid];
      if (probe && before(probe, slot)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  add(key: string, record: T) {
    const time = this.timeOf(record);
    if (time) this.addSlot({ at: time.at, seq: time.seq, key });
  }

  addSnapshot(key: string, value: unknown) {
    if (Array.isArray(value)) this.addSlot({ at: value[0] as number, seq: value[1] as number, key });
  }

  snapshotKey(record: T): unknown {
    const time = this.timeOf(record);
    return time && [time.at, time.seq];
  }

  private addSlot(slot: Slot) {
    this.current.set(slot.key, slot);
    if (!this.sorted) {
      this.slots.push(slot);
      return;
    }
    const at = this.position(slot);
    const earliest = at === this.head;
    if (earliest && this.head > 0) this.slots[--this.head] = slot;
    else this.slots.splice(at, 0, slot);
    if (earliest) this.onEarlier?.();
  }

  remove(key: string, _record?: T) {
    const slot = this.current.get(key);
    if (!slot) return;
    this.current.delete(key);
    if (!this.sorted) return; // the slot goes stale; ensureSorted() drops it
    const at = this.position(slot);
    if (this.slots[at]?.key !== key) return;
    if (at > this.head) {
      this.slots.splice(at, 1);
      return;
    }
    this.head += 1;
    if (this.head >= COMPACT_AT && this.head * 2 > this.slots.length) {
      this.slots = this.slots.slice(this.head);
      this.head = 0;
    }
  }

  replace(key: string, old: T, record: T) {
    this.remove(key, old);
    this.add(key, record);
  }

  clear() {
    this.slots = [];
    this.head = 0;
    this.current.clear();
  }

  /** Records with a time at or before `until`, earliest first. */
  due(until: number): T[] {
    this.ensureSorted();
    const out: T[] = [];
    for (let i = this.head; i < this.slots.length; i++) {
      const slot = this.slots[i];
      if (!slot || slot.at > until) break;
      if (this.current.get(slot.key) === slot) out.push(this.resolve(slot.key));
    }
    return out;
  }

  /** Records with `from <= time < to`, earliest first (a binary search, then a slice). */
  between(from: number, to: number): T[] {
    const out: T[] = [];
    for (let i = this.position({ at: from, seq: Number.NEGATIVE_INFINITY, key: '' }); i < this.slots.length; i++) {
      const slot = this.slots[i];
      if (!slot || slot.at >= to) break;
      if (this.current.get(slot.key) === slot) out.push(this.resolve(slot.key));
    }
    return out;
  }

  get size(): number {
    return this.slots.length - this.head;
  }

  /** The earliest indexed time, or null when nothing is indexed. */
  next(): number | null {
    this.ensureSorted();
    return this.slots[this.head]?.at ?? null;
  }
}

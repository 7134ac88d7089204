import { describe, expect, it } from 'vitest';
import { Table } from './table';
import { TimeIndex } from './time-index';

interface Job {
  id: string;
  at: number;
  seq: number;
  done: boolean;
}

function jobs() {
  const table = new Table<Job>(
    'job',
    (j) => j.id,
    () => {},
  );
  const index = table.index(new TimeIndex<Job>((j) => (j.done ? null : { at: j.at, seq: j.seq })));
  return { table, index };
}

describe('TimeIndex', () => {
  it('answers what is due by a time, earliest first, ties in creation order', () => {
    const { table, index } = jobs();
    for (const [id, at, seq] of [
      ['c', 30, 3],
      ['a', 10, 1],
      ['b', 20, 2],
      ['b2', 20, 4],
      ['d', 40, 5],
    ] as const) {
      table.put({ id, at, seq, done: false });
    }
    expect(index.due(20).map((j) => j.id)).toEqual(['a', 'b', 'b2']);
    expect(index.due(5)).toEqual([]);
    expect(index.next()).toBe(10);
  });

  it('drops a record when it stops qualifying and re-files it when its time changes', () => {
    const { table, index } = jobs();
    table.put({ id: 'x', at: 10, seq: 1, done: false });
    table.put({ id: 'y', at: 20, seq: 2, done: false });
    table.put({ id: 'x', at: 10, seq: 1, done: true });
    expect(index.due(100).map((j) => j.id)).toEqual(['y']);
    table.put({ id: 'y', at: 50, seq: 2, done: false });
    expect(index.due(20)).toEqual([]);
    expect(index.due(50).map((j) => j.id)).toEqual(['y']);
    table.delete('y');
    expect(index.size).toBe(0);
    expect(index.next()).toBeNull();
  });

  it('takes the earliest out in O(1) and reuses the freed front; reports a new earliest', () => {
    const { table, index } = jobs();
    let earlier = 0;
    index.watchEarliest(() => {
      earlier += 1;
    });
    for (let i = 0; i < 3000; i++) table.put({ id: `j${i}`, at: 100 + i, seq: i, done: false });
    expect(earlier).toBe(1); // only the first add became the earliest
    for (let i = 0; i < 2000; i++) table.put({ id: `j${i}`, at: 100 + i, seq: i, done: true });
    expect(index.size).toBe(1000);
    expect(index.next()).toBe(2100);
    table.put({ id: 'early', at: 50, seq: 9999, done: false });
    expect(earlier).toBe(2);
    table.put({ id: 'middle', at: 2500, seq: 10_000, done: false });
    expect(earlier).toBe(2);
    expect(index.due(2100).map((j) => j.id)).toEqual(['early', 'j2000']);
    expect(
      index
        .due(2500)
        .slice(-2)
        .map((j) => j.id),
    ).toEqual(['j2400', 'middle']);
    expect(index.size).toBe(1002);
  });

  it('a bulk load (deferred sorting) drops slots its own updates left stale or doubled', () => {
    const { table, index } = jobs();
    index.deferSorting();
    table.load({ id: 'a', at: 30, seq: 1, done: false });
    table.load({ id: 'a', at: 10, seq: 1, done: false }); // re-timed
    table.load({ id: 'b', at: 20, seq: 2, done: false });
    table.load({ id: 'b', at: 20, seq: 2, done: false }); // written twice
    table.load({ id: 'c', at: 5, seq: 3, done: false });
    table.load({ id: 'c', at: 5, seq: 3, done: true }); // executed
    index.resumeSorting();
    expect(index.due(100).map((j) => j.id)).toEqual(['a', 'b']);
    expect(index.size).toBe(2);
  });
});

// Each table has one writer (issue 34): the cards table is written only by lib/cards/repository.ts,
// users and sessions only by lib/accounts/repository.ts; other code asks those functions. The
// detector looks for drizzle's insert/update/delete of a table and for the same in raw SQL.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WRITERS: Record<string, string> = {
  cards: 'lib/cards/repository.ts',
  users: 'lib/accounts/repository.ts',
  sessions: 'lib/accounts/repository.ts',
};

/** The tables of WRITERS that `source` inserts into, updates or deletes from. */
function tablesWritten(source: string): string[] {
  const names = Object.keys(WRITERS).join('|');
  const drizzle = new RegExp(`\\.(?:insert|update|delete)\\(\\s*(${names})\\s*\\)`, 'g');
  const raw = new RegExp(`\\b(?:insert\\s+into|update|delete\\s+from)\\s+"?(${names})\\b"?\\s`, 'gi');
  const found = [...source.matchAll(drizzle), ...source.matchAll(raw)].map(([, table]) => table?.toLowerCase() ?? '');
  return [...new Set(found)].sort();
}

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => path.join(dir, file))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
}

describe('one writer per table', () => {
  it('cards, users and sessions are written only by their repository', () => {
    const strays = ['lib', 'app', 'components', 'scripts']
      .flatMap(productionFiles)
      .flatMap((file) => tablesWritten(readFileSync(file, 'utf8')).map((table) => ({ file, table })))
      .filter(({ file, table }) => file !== WRITERS[table])
      .map(({ file, table }) => `${file} writes ${table}`);
    expect(strays).toEqual([]);
  });

  it('the detector sees drizzle and raw SQL writes, and not reads', () => {
    expect(tablesWritten('await tx.update(cards).set({ isDefault: true });')).toEqual(['cards']);
    expect(tablesWritten('await db\n  .insert( users )\n  .values(row);')).toEqual(['users']);
    expect(tablesWritten('await db.delete(sessions).where(eq(sessions.userId, id));')).toEqual(['sessions']);
    expect(tablesWritten('sql`UPDATE users SET email = $1`')).toEqual(['users']);
    expect(tablesWritten('await db.select().from(cards).innerJoin(users, eq(users.id, cards.userId));')).toEqual([]);
    expect(tablesWritten('await db.update(cardsArchive).set({});')).toEqual([]);
  });
});

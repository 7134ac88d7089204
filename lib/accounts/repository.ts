import 'server-only';
import { and, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { type Db, getDb, preparedStatement, sessions, users } from '@/lib/db';

// The users and sessions tables, and their one writer: every insert, update, delete and row lock
// of them is here (who may do what is decided by the other files of lib/accounts). Other domains
// read accounts through these functions too. Rows come back as stored: users.ts says which row is
// an account in use (activeUser).

export type UserRow = typeof users.$inferSelect;
type NewUserRow = Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'deletedAt'>;
/** The app's database or a transaction of it. */
type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'query'>;

/** Inserts a user; throws the unique violation when the email or the person has an account. */
export async function insertUserRow(values: NewUserRow, executor?: Executor): Promise<UserRow | undefined> {
  const db = executor ?? (await getDb());
  const [user] = await db.insert(users).values(values).returning();
  return user;
}

export async function findUserRow(id: string): Promise<UserRow | undefined> {
  const db = await getDb();
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

/** By the stored (lower-cased) address. */
export async function findUserRowByEmail(email: string): Promise<UserRow | undefined> {
  const db = await getDb();
  return db.query.users.findFirst({ where: eq(users.email, email) });
}

export async function hasUserWithUniqueKey(uniqueKeyHash: string): Promise<boolean> {
  const db = await getDb();
  const found = await db.query.users.findFirst({
    columns: { id: true },
    where: eq(users.uniqueKeyHash, uniqueKeyHash),
  });
  return Boolean(found);
}

/** Whether the account exists and was not withdrawn. */
export async function isLiveAccount(userId: string): Promise<boolean> {
  const db = await getDb();
  const owner = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { deletedAt: true } });
  return owner !== undefined && owner.deletedAt === null;
}

/** The account when not withdrawn, as a subquery: for a write that must not outlive its account. */
export const liveAccount = (db: Pick<Db, 'select'>, userId: string) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));

/** The ids of withdrawn accounts, as a subquery. */
export const withdrawnAccounts = (db: Pick<Db, 'select'>) =>
  db.select({ id: users.id }).from(users).where(isNotNull(users.deletedAt));

/** Where to mail these users: the ones not withdrawn (a withdrawn customer's address is gone). */
export async function mailRecipients(
  userIds: string[],
  executor?: Executor,
): Promise<{ id: string; email: string; name: string | null }[]> {
  const db = executor ?? (await getDb());
  return db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(inArray(users.id, userIds), isNull(users.deletedAt)));
}

/** Sets the password hash, unless the account was withdrawn meanwhile. */
export async function updatePasswordHash(userId: string, passwordHash: string, executor?: Executor): Promise<void> {
  const db = executor ?? (await getDb());
  await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
}

/** The user's whole row, locked for the rest of `tx` (an email change reads it before writing). */
export async function lockUserRow(tx: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** A confirmed email change; a taken address fails on users_email_unique, which the caller answers. */
export async function updateEmail(tx: Executor, userId: string, email: string): Promise<void> {
  await tx.update(users).set({ email }).where(eq(users.id, userId));
}

/** The user's row, locked for the rest of `tx`. */
export async function lockUser(tx: Executor, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * 회원탈퇴's anonymisation: the identity, the password and the address are gone (the address becomes
 * `tombstone`), the row stays for the records that point at it. Once only.
 */
export async function anonymiseUser(tx: Executor, userId: string, tombstone: string, deletedAt: number): Promise<void> {
  await tx
    .update(users)
    .set({
      email: tombstone,
      passwordHash: null,
      name: null,
      birthday: null,
      gender: null,
      uniqueKeyHash: null,
      uniqueInSite: null,
      deletedAt,
    })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
}

export async function insertSession(tokenHash: string, userId: string, expiresAt: Date): Promise<void> {
  const db = await getDb();
  await db.insert(sessions).values({ tokenHash, userId, expiresAt });
}

/** Every request of a signed-in page runs this one: built once (lib/db/prepared.ts). */
const sessionUser = preparedStatement((db) =>
  db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_user'),
);

/** The user of an unexpired session. */
export async function findSessionUser(tokenHash: string, now: Date): Promise<UserRow | undefined> {
  const [row] = await sessionUser(await getDb()).execute({ tokenHash, now: now.toISOString() });
  return row?.user;
}

/** Deletes every session of the user but the one of `keepTokenHash`. */
export async function deleteUserSessions(userId: string, keepTokenHash?: string, executor?: Executor): Promise<void> {
  const db = executor ?? (await getDb());
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ...(keepTokenHash ? [ne(sessions.tokenHash, keepTokenHash)] : [])));
}

export async function deleteSession(tokenHash: string): Promise<void> {
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

import 'server-only';
import { eq } from 'drizzle-orm';
import { type Db, getDb, users, violatedUniqueConstraint } from '@/lib/db';

export type UserRow = typeof users.$inferSelect;
/** An account in use (not withdrawn): its identity and password are all there. */
export type User = UserRow & {
  passwordHash: string;
  name: string;
  birthday: string;
  gender: 'male' | 'female';
  uniqueKeyHash: string;
  uniqueInSite: string;
  deletedAt: null;
};
export type NewUser = Omit<User, 'id' | 'createdAt' | 'deletedAt'>;

/** The row as an account in use, or undefined once withdrawn (a withdrawn account has no identity). */
export function activeUser(row: UserRow | undefined): User | undefined {
  if (!row || row.deletedAt !== null || row.passwordHash === null) return undefined;
  const { name, birthday, gender, uniqueKeyHash, uniqueInSite } = row;
  if (name === null || birthday === null || gender === null || uniqueKeyHash === null || uniqueInSite === null) {
    return undefined;
  }
  return row as User;
}

export class EmailTakenError extends Error {
  override name = 'EmailTakenError';
}

export class PersonAlreadyRegisteredError extends Error {
  override name = 'PersonAlreadyRegisteredError';
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Inserts a user; the database's unique rules decide races between two signups. */
export async function insertUser(input: NewUser, db: Db | Promise<Db> = getDb()): Promise<User> {
  try {
    const [user] = await (await db)
      .insert(users)
      .values({ ...input, email: normaliseEmail(input.email) })
      .returning();
    const inserted = activeUser(user);
    if (!inserted) throw new Error('insert returned no account');
    return inserted;
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint === 'users_email_unique') throw new EmailTakenError('that email address already has an account');
    if (constraint === 'users_unique_key_hash_unique') throw new PersonAlreadyRegisteredError('person has an account');
    throw error;
  }
}

export async function findUserById(id: string): Promise<User | undefined> {
  const db = await getDb();
  return activeUser(await db.query.users.findFirst({ where: eq(users.id, id) }));
}

export async function findUserByEmail(email: string): Promise<User | undefined> {
  const db = await getDb();
  return activeUser(await db.query.users.findFirst({ where: eq(users.email, normaliseEmail(email)) }));
}

export async function isPersonRegistered(uniqueKeyHash: string): Promise<boolean> {
  const db = await getDb();
  const found = await db.query.users.findFirst({
    columns: { id: true },
    where: eq(users.uniqueKeyHash, uniqueKeyHash),
  });
  return Boolean(found);
}
